/* bridgelaws: alerts and explanations on a player's live table (Laws 20, 21, 40, 47E2).
   Self-alert, as online play does it: a player alerts his own call (with an explanation,
   as he makes the call or later); an opponent asks about a call, the player who made it
   answers; each sees what the service sends him (never his partner's alerts while they
   could help him: service/live/explanations.py).  A correction calls the Director; the
   change of call of Law 21B1a (then 21B2) and the card taken back of 47E2 are offered
   here to the player concerned.  play.js calls B.onRender(view) after drawing, and
   B.decorate(act) before sending an act (an alert rides on the call it alerts). */
(function () {
  "use strict";
  const B = window.BRIDGELAWS;
  const SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", N: "NT"};
  const STRAINS = ["C", "D", "H", "S", "N"];
  const LRI = "\u2066", PDI = "\u2069";           // a call kept left to right in any text
  let built = false, view = null;
  const answers = new Map();                      // question id -> its answer form

  // play.js's own helpers (it loads after this file; everything here runs from its hooks)
  const T = (key, values) => B.T(key, values);
  const el = (...args) => B.el(...args);
  const $ = (id) => document.getElementById(id);
  const seatName = (s) => T("ui.seat." + s);
  function callLabel(c) {
    if (c === "P" || c === "PASS") return T("call.P");
    if (c === "X" || c === "XX") return T("call." + c);
    return LRI + c[0] + SYMBOL[c[1]] + PDI;
  }
  function pointText(at) {
    if (!at) return "";
    if (at.phase === "auction") return T("ui.live.expl.at_auction", {n: at.calls + 1});
    if (at.phase === "play") return T("ui.live.expl.at_play", {n: at.trick});
    return T("ui.live.expl.at_" + at.phase);
  }
  function allCalls() {
    const out = [];
    for (let level = 1; level <= 7; level++) for (const s of STRAINS) out.push(level + s);
    return out.concat(["P", "X", "XX"]);
  }
  function textInput(id) {
    const max = (view && view.explain_max) || 300;
    return el("input", {type: "text", id: id, maxlength: String(max), dir: "auto",
                        "aria-label": T("ui.live.expl.text"), placeholder: T("ui.live.expl.text")});
  }

  // --- built once: what a player types must survive the next view ---------------------
  let alertNext, alertText, callSel, actText, alertBtn, askBtn, correctBtn, listEl, answersEl, changeEl;
  function build() {
    const z = $("explain");
    alertNext = el("input", {type: "checkbox", id: "alert-next"});
    alertText = textInput("alert-text");
    const next = el("div", {class: "alert-next", id: "alert-next-zone"},
      el("label", {class: "inline"}, alertNext, " " + T("ui.live.expl.alert_next")), " ", alertText);
    callSel = el("select", {id: "expl-call", "aria-label": T("ui.live.expl.which")});
    actText = textInput("expl-text");
    const act = (what) => () => {
      const i = Number(callSel.value);
      const c = view.auction[i];
      if (!c) return;
      B.send({action: "explain", what: what, index: i, call: c.call, board: view.board, text: actText.value});
      actText.value = "";
    };
    alertBtn = el("button", {type: "button", id: "expl-alert", onclick: act("alert")}, T("ui.live.expl.alert_it"));
    askBtn = el("button", {type: "button", id: "expl-ask", onclick: act("ask")}, T("ui.live.expl.ask_it"));
    correctBtn = el("button", {type: "button", id: "expl-correct", onclick: act("correct")}, T("ui.live.expl.correct_it"));
    const tools = el("div", {class: "expl-tools", id: "expl-tools"},
      el("label", {}, T("ui.live.expl.which") + " ", callSel), " ", actText, " ", alertBtn, " ", askBtn, " ", correctBtn);
    listEl = el("ul", {id: "expl-list", class: "expl-list"});
    answersEl = el("div", {id: "expl-answers"});
    changeEl = el("div", {id: "expl-change"});
    z.replaceChildren(el("h2", {}, T("ui.live.expl.title")), changeEl, answersEl, listEl, next, tools,
      el("p", {class: "help"}, T("ui.live.expl.partner_hidden")));
    built = true;
  }

  // an alert rides on the call it alerts
  B.decorate = function (act) {
    if (act.action === "call" && !act.replaces && alertNext && alertNext.checked) {
      act.alert = true;
      act.text = alertText.value;
      alertNext.checked = false;
      alertText.value = "";
    }
  };

  function line(x) {
    const li = el("li", {"data-kind": x.kind, "data-by": x.by, "data-id": String(x.id)},
      T("ui.live.expl." + x.kind, {seat: seatName(x.by), call: callLabel(x.call), caller: seatName(x.call_by)}) +
      (x.late ? " (" + T("ui.live.expl.late") + ")" : "") + " · " + pointText(x.at));
    if (x.text) li.append(": ", el("bdi", {class: "expl-text"}, x.text));
    if (x.kind === "question") {
      li.append(el("br"), x.answer ?
        el("span", {class: "answer"}, "\u2014 " + T("ui.live.expl.answered", {seat: seatName(x.answer.by)}) + ": ",
          el("bdi", {class: "expl-text"}, x.answer.text)) :
        el("span", {class: "waiting"}, "\u2014 " + T("ui.live.expl.waiting", {seat: seatName(x.call_by)})));
    }
    return li;
  }

  function changeForm(id, label, replaces) {
    const sel = el("select", {id: id + "-call", "aria-label": label}, ...allCalls().map((c) =>
      el("option", {value: c}, callLabel(c))));
    const f = el("form", {id: id},
      el("p", {class: "slip-help"}, T("ui.live.expl.change_help")), sel, " ",
      el("button", {type: "submit"}, label));
    f.addEventListener("submit", (e) => { e.preventDefault(); B.send({action: "call", call: sel.value, replaces: replaces}); });
    return f;
  }

  let board = null;
  B.onRender = function (v) {
    view = v;
    if (!built) build();
    if (v.board !== board) { answers.clear(); board = v.board; }   // a new board's questions
    const z = $("explain");
    const calls = new Set([...(v.may_alert || []), ...(v.may_ask_about || []), ...(v.may_correct || [])]);
    z.hidden = !v.auction.length && !(v.explanations || []).length && v.phase !== "auction";
    // the statements this seat may see
    listEl.replaceChildren(...(v.explanations || []).map(line));
    // the questions this seat is to answer (the forms kept while they are open)
    for (const id of [...answers.keys()]) if (!(v.to_answer || []).includes(id)) answers.delete(id);
    for (const id of v.to_answer || []) {
      if (answers.has(id)) continue;
      const q = (v.explanations || []).find((x) => x.id === id);
      const input = textInput("answer-" + id);
      const f = el("form", {class: "answer-form", "data-question": String(id)},
        el("strong", {}, q ? T("ui.live.expl.question", {seat: seatName(q.by), call: callLabel(q.call), caller: seatName(q.call_by)}) +
          (q.text ? ": " : "") : ""), q && q.text ? el("bdi", {}, q.text) : null, " ", input, " ",
        el("button", {type: "submit"}, T("ui.live.expl.answer_it")));
      f.addEventListener("submit", (e) => { e.preventDefault(); B.send({action: "explain", what: "answer", question: id, board: view.board, text: input.value}); });
      answers.set(id, f);
    }
    answersEl.replaceChildren(...answers.values());
    // the calls this seat may alert, ask about or correct
    const want = [...calls].sort((a, b) => a - b);
    const have = [...callSel.options].map((o) => Number(o.value));
    if (want.join() !== have.join() || want.some((i) => callSel.querySelector(`option[value="${i}"]`).dataset.call !== v.auction[i].call)) {
      const keep = callSel.value;
      callSel.replaceChildren(...want.map((i) => el("option", {value: String(i), "data-call": v.auction[i].call},
        callLabel(v.auction[i].call) + " (" + seatName(v.auction[i].by) + ")")));
      if (keep !== "" && want.includes(Number(keep))) callSel.value = keep;
      else if (want.length) callSel.value = String(want[want.length - 1]);
    }
    const sel = Number(callSel.value);
    $("expl-tools").hidden = !want.length;
    alertBtn.hidden = !(v.may_alert || []).includes(sel);
    askBtn.hidden = !(v.may_ask_about || []).includes(sel);
    correctBtn.hidden = !(v.may_correct || []).includes(sel);
    callSel.onchange = () => B.onRender(view);
    $("alert-next-zone").hidden = v.phase !== "auction" || v.complete;
    // 21B1a (then 21B2) and 47E2, once the Director has let play go on
    const kids = [];
    if (v.may_change_call) kids.push(changeForm("change-call", T("ui.live.expl.change_call"), "misinformation"));
    if (v.may_change_after) kids.push(changeForm("change-after", T("ui.live.expl.change_after"), "after_change"));
    if (v.may_withdraw) kids.push(el("button", {type: "button", id: "withdraw-card",
      onclick: () => B.send({action: "attention", what: "misinformed_play"})}, T("ui.live.expl.withdraw")));
    // (a form being filled in is kept)
    if (kids.length !== changeEl.children.length || kids.some((k, i) => k.id !== changeEl.children[i].id)) changeEl.replaceChildren(...kids);
  };
})();
