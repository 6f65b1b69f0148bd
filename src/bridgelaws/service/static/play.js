/* bridgelaws: a player's live table.  The page holds no card: every view comes from the
   server over the WebSocket (or GET /api/play/{token}) and holds only what this seat may
   see.  Acts are sent with an id (aid) and the log position (seq) of the view they were
   made on; an act not yet acknowledged is sent again after a reconnection, and the server
   stores it once.  The controls wait for the answer; an act the table had moved past is
   refused as stale, and the page shows the fresh view with a short message. */
(function () {
  "use strict";
  const B = window.BRIDGELAWS;
  const SEATS = ["N", "E", "S", "W"];
  const SUITS = ["S", "H", "D", "C"];
  const SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", N: "NT"};
  const STRAINS = ["C", "D", "H", "S", "N"];
  let view = null, ws = null, exposeMode = false, retry = 500, busy = false;
  // a slip corrected by the player himself: "call" (Law 25A), "card" (dummy's, 45C4b)
  let slipMode = null;
  const REASONS = ["hesitation", "misexplanation", "card_seen", "other_matter"];
  const NOTE_MAX = 200;               // the service takes a note of at most this many characters
  const WORDS_MAX = 500;              // and a claimer's statement in words of at most this many
  // the claim panel (Law 68): closed until the player presses Claim; "form", then "confirm"
  let claimStep = null, claimSent = false;
  // the four-colour deck (♠ dark, ♥ red, ♦ orange, ♣ green), the player's choice, remembered
  const FOUR = "bridgelaws.fourColour";
  function fourColour() { try { return localStorage.getItem(FOUR) === "1"; } catch (e) { return false; } }
  function setFourColour(on) {
    try { localStorage.setItem(FOUR, on ? "1" : "0"); } catch (e) { /* private mode */ }
    document.body.classList.toggle("four-colour", on);
  }
  const pending = new Map();          // aid -> act, until acknowledged

  function T(key, values) {
    let s = B.texts[key] || key;
    if (values) for (const k in values) s = s.split("{" + k + "}").join(values[k]);
    return s;
  }
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in (attrs || {})) {
      if (k === "class") e.className = attrs[k];
      else if (k === "text") e.textContent = attrs[k];
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    for (const c of kids) if (c != null) e.append(c);
    return e;
  }
  const $ = (id) => document.getElementById(id);
  const seatName = (s) => T("ui.seat." + s);
  // law numbers and card lists read left to right in every language (Hebrew too)
  function ltr(text) { return el("bdi", {dir: "ltr"}, text); }
  // "(Law 27B)" in the page's language, the law itself read left to right
  function lawWords(law) {
    const [before, after] = (B.texts["rule.option_law"] || "({law})").split("{law}");
    return [before, ltr(law), after || ""];
  }
  function cardLabel(c) { return SYMBOL[c[0]] + (c[1] === "T" ? "10" : c[1]); }
  // calls and contracts with their symbols (4♠, 3NT), pass, double and redouble in words
  function callLabel(c) {
    if (c === "P" || c === "PASS") return T("call.P");
    if (c === "X" || c === "XX") return T("call." + c);
    return c[0] + SYMBOL[c[1]];
  }
  // a bid's strain as a class (play.css colours it: red, or the four-colour deck's)
  function strainClass(c) { return /^[1-7][CDHS]$/.test(c) ? "suit-" + c[1] : ""; }
  function contractLabel(c) {
    if (c === "P" || c === "PASS") return T("call.P");
    const m = /^([1-7])([CDHSN])(X{0,2})$/.exec(c);
    return m ? m[1] + SYMBOL[m[2]] + m[3] : c;
  }
  // a score as people write it, its sign on its left in any direction: "−920"
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }
  function cardEl(c, opts) {
    const red = c[0] === "H" || c[0] === "D";
    const cls = "card s-" + c[0] + (red ? " red" : "") + (opts && opts.cls ? " " + opts.cls : "");
    // the symbol and the rank apart, so that a large card shows them as a card's corner
    const face = [el("span", {class: "sym"}, SYMBOL[c[0]]), el("span", {class: "rank"}, c[1] === "T" ? "10" : c[1])];
    if (opts && opts.click) {
      return el("button", {class: cls, "data-card": c, type: "button", onclick: opts.click,
                           "aria-label": c}, ...face);
    }
    return el("span", {class: cls, "data-card": c}, ...face);
  }

  // --- acting -----------------------------------------------------------------------------
  function send(act) {
    if (!view) return;                  // nothing to act on before the first view
    if (B.decorate) B.decorate(act);    // explain.js: an alert rides on its call
    act.aid = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
    act.seq = view.seq;                 // the view this act was made on
    pending.set(act.aid, act);
    showError(null);
    busy = true;                        // one act at a time: the controls wait for its answer
    holdControls();
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(act));
  }
  function holdControls() {
    for (const c of document.querySelectorAll("main button, main input, main select")) c.disabled = true;
  }
  function answered(aid) {
    pending.delete(aid);
    busy = pending.size > 0;
    if (view) render();
  }
  function showError(text) {
    const e = $("error");
    e.hidden = !text;
    e.textContent = text || "";
  }

  // --- the connection ---------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + "/ws/play/" + B.token + "?lang=" + B.lang);
    ws.onopen = () => {
      retry = 500;
      $("conn").textContent = T("ui.live.connected");
      for (const act of pending.values()) ws.send(JSON.stringify(act));
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "view") { view = msg.view; render(); }
      else if (msg.type === "ack") { answered(msg.aid); }
      else if (msg.type === "error") {
        // "stale": the table moved on; the fresh view follows this message
        answered(msg.aid); showError(msg.error);
        document.body.dataset.error = msg.key || "";
      }
    };
    ws.onclose = (ev) => {
      if (ev.code === 4410 || ev.code === 4404) {
        // the Director gave this seat a new link (live/seats.py): this one is dead
        $("conn").textContent = "";
        showError(T("ui.live.link_replaced"));
        document.body.dataset.error = "link_replaced";
        holdControls();
        return;
      }
      $("conn").textContent = T("ui.live.reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  // --- drawing ----------------------------------------------------------------------------
  function render() {
    const v = view;
    document.body.dataset.seq = v.seq;
    document.body.dataset.phase = v.phase;
    // the round's last board over: where this pair plays next (_seat_head.html)
    const nextTable = $("next-table");
    if (nextTable) nextTable.hidden = !(v.complete && v.board_index + 1 >= v.boards.length);
    $("where").textContent = T("ui.live.board") + " " + v.board + " · " + T("ui.live.dealer") + " " +
      seatName(v.dealer) + " · " + T("ui.live.vulnerable") + " " + T("ui.live.vul." + v.vulnerable) +
      " · " + T(v.mode === "laws" ? "ui.live.mode_laws" : "ui.live.mode_strict");
    const banner = $("banner");
    if (v.call) {
      const kinds = v.call.kinds.slice();
      const said = (v.call.reasons || []).map((r) => {
        kinds.splice(kinds.indexOf(r.reason), 1);
        return T("ui.live.call_reason", {seat: seatName(r.by), reason: T("irregularity." + r.reason)});
      });
      const what = kinds.map((k) => T("irregularity." + k) !== "irregularity." + k ?
        T("irregularity." + k) : T("ui.live." + k)).concat(said).join(", ");
      banner.replaceChildren(T(v.hold ? "ui.live.waiting_director" : "ui.live.director_called") +
        ": " + what + " (", ltr(v.call.laws.join(", ")), ")");
      banner.hidden = false;
    } else banner.hidden = true;
    renderInfo(v); renderSeats(v); renderCentre(v); renderAuction(v); renderBox(v);
    renderDecision(v); renderClaim(v); renderTools(v); renderRect(v); renderResult(v);
    if (B.onRender) B.onRender(v);      // explain.js: alerts and explanations
    for (const c of $("director").querySelectorAll("button, input, select")) c.disabled = false;
    for (const c of $("claim-panel").querySelectorAll("button, input, select")) c.disabled = false;
    claimCounted();
    if (busy) holdControls();
  }

  // dummy takes no part in the play once the opening lead is faced: declarer plays
  // dummy's cards (Law 45B), so dummy's own page offers no card and no turn
  function dummyIdle(v) {
    return v.seat === v.dummy && v.phase !== "auction" && !v.complete &&
      (v.tricks.length > 0 || v.trick.some((c) => c !== "--"));
  }
  function myTurn(v) { return v.my_turn && !dummyIdle(v); }

  // Law 25A: the seat's own last call, while his partner has not called since
  function mayChangeCall(v) {
    if (v.phase !== "auction" || v.complete || v.hold) return false;
    let mine = -1;
    v.auction.forEach((c, i) => { if (c.by === v.seat) mine = i; });
    if (mine < 0) return false;
    const partner = SEATS[(SEATS.indexOf(v.seat) + 2) % 4];
    return !v.auction.slice(mine + 1).some((c) => c.by === partner);
  }
  // Law 45C4b: declarer, the last card played being dummy's (the engine judges the rest)
  function mayChangeDummyCard(v) {
    if (v.phase !== "play" || v.complete || v.hold || !v.dummy || v.seat !== v.declarer) return false;
    let trick = v.trick, leader = v.leader;
    if (!trick.length && v.tricks.length) { trick = v.tricks[v.tricks.length - 1].cards; leader = v.tricks[v.tricks.length - 1].leader; }
    if (!leader || !trick.length) return false;
    const last = (SEATS.indexOf(leader) + trick.length - 1) % 4;
    return SEATS[last] === v.dummy;
  }

  function renderInfo(v) {
    const parts = [T("ui.live.you") + ": " + seatName(v.seat)];
    if (v.contract) parts.push(T("ui.live.contract") + ": " + contractLabel(v.contract) +
      (v.declarer ? " " + seatName(v.declarer) : ""));
    if (v.to_act && !v.complete) parts.push(T("ui.live.to_act") + ": " + seatName(v.to_act));
    if (v.phase === "play" || v.complete) parts.push(T("ui.live.tricks_won") + ": NS " + v.won.NS + " · EW " + v.won.EW);
    // (replaceChildren would write a null out as the text "null")
    $("info").replaceChildren(...[el("p", {}, parts.join(" · ")),
      myTurn(v) ? el("p", {class: "saved", id: "your-turn"}, T(v.my_decision ? "ui.live.decision" : "ui.live.your_turn")) : null].filter(Boolean));
  }

  function handBox(v, seat) {
    const box = el("div", {class: "hand-box" + (seat === v.seat ? " me" : ""), "data-hand": seat});
    const name = el("div", {class: "name"}, seatName(seat) + (seat === v.declarer ? " · " + T("ui.live.declarer") : seat === v.dummy ? " · " + T("ui.live.dummy") : ""));
    if (v.to_act === seat && !v.complete) name.append(el("span", {class: "turn"}, "\u25B6"));
    // the player's name as the director entered it (a text node: never read as HTML)
    const who = (window.BRIDGELAWS.players || {})[seat];
    if (who) name.append(el("div", {class: "player"}, el("bdi", {"data-player": seat}, who)));
    // Law 61B: ask a player who showed out whether he has a card of the suit led
    for (const q of (v.may_ask || []).filter((q) => q.seat === seat)) {
      name.append(" ", el("button", {type: "button", class: "ask", "data-ask": seat, "data-trick": String(q.trick),
        onclick: () => send({action: "ask", seat: seat, trick: q.trick})},
        T("ui.live.ask", {seat: seatName(seat), suit: SYMBOL[q.suit]})));
    }
    box.append(name);
    let cards = null;
    if (v.complete && v.hands) cards = v.hands[seat];
    else if (seat === v.seat) cards = v.hand;
    else if (v.shown && v.shown[seat]) cards = v.shown[seat];
    if (!cards) return box;
    const playable = !v.complete && !v.hold && !dummyIdle(v) &&
      (seat === v.seat || (seat === v.dummy && v.seat === v.declarer));
    const legal = new Set(myTurn(v) ? v.legal_cards || [] : []);
    const pens = new Set(((v.penalty_cards || {})[seat] || []).map((p) => p.card));
    box.style.setProperty("--n", String(Math.max(cards.length, 1)));    // play.css: one row
    let first = true;
    for (const s of SUITS) {
      const row = el("div", {class: "suit-row"});
      for (const c of cards.filter((c) => c[0] === s)) {
        let cls = legal.has(c) ? "legal" : "";
        if (pens.has(c)) cls += " penalty";
        let click = null;
        if (slipMode === "card" && seat === v.dummy && v.seat === v.declarer) {
          cls += " slip";
          click = () => { slipMode = null; send({action: "play", card: c, replaces: "unintended"}); };
        } else if (playable && !v.complete) {
          const isLegal = legal.has(c);
          const lawsMode = v.mode === "laws";
          if (exposeMode && seat === v.seat) click = () => { exposeMode = false; send({action: "expose", card: c}); };
          else if (isLegal || (lawsMode && v.phase !== "auction" && seat === v.seat) || (lawsMode && v.phase === "auction" && false)) {
            if (!isLegal) cls += " irregular";
            click = () => {
              if (!isLegal && !confirm(T("ui.live.irregular_card"))) return;
              send({action: "play", card: c});
            };
          }
        }
        if (first) { cls += " first"; first = false; }
        row.append(cardEl(c, {cls: cls, click: click}));
      }
      box.append(row);
    }
    return box;
  }

  function renderSeats(v) {
    for (const s of SEATS) $("seat-" + s).replaceChildren(handBox(v, s));
    // play.css gives dummy's side the room on a phone
    const felt = document.querySelector(".felt");
    felt.dataset.dummy = v.dummy && v.shown && v.shown[v.dummy] ? v.dummy : "";
  }

  function renderCentre(v) {
    const c = $("centre");
    const pos = {N: [1, 2], W: [2, 1], E: [2, 3], S: [3, 2]};
    const kids = [];
    let trick = v.trick, leader = v.leader;
    if (!trick.length && v.tricks.length) { trick = v.tricks[v.tricks.length - 1].cards; leader = v.tricks[v.tricks.length - 1].leader; }
    if (leader) {
      const start = SEATS.indexOf(leader);
      trick.forEach((card, i) => {
        const s = SEATS[(start + i) % 4];
        if (card === "--") return;
        const e = cardEl(card, {cls: "played"});
        e.style.gridRow = pos[s][0]; e.style.gridColumn = pos[s][1];
        e.dataset.by = s;
        kids.push(e);
      });
    }
    const mid = el("div", {class: "trickno"},                  // placed by play.css
      v.phase === "play" || v.complete ? T("ui.live.trick") + " " + Math.min(v.tricks.length + (v.trick.length ? 1 : 0), 13) : "");
    kids.push(mid);
    c.replaceChildren(...kids);
  }

  function renderAuction(v) {
    const t = $("auction");
    const head = el("tr", {}, ...SEATS.map((s) => el("th", {}, seatName(s))));
    const rows = [head];
    let row = el("tr");
    const start = SEATS.indexOf(v.dealer);
    for (let i = 0; i < start; i++) row.append(el("td"));
    let col = start;
    for (const c of v.auction) {
      const want = SEATS.indexOf(c.by);
      while (col !== want) { row.append(el("td")); col++; if (col === 4) { rows.push(row); row = el("tr"); col = 0; } }
      row.append(el("td", {"data-call": c.call, class: strainClass(c.call)}, callLabel(c.call)));
      col++;
      if (col === 4) { rows.push(row); row = el("tr"); col = 0; }
    }
    rows.push(row);
    t.replaceChildren(...rows);
  }

  function renderBox(v) {
    const box = $("box");
    if (v.phase !== "auction" || v.complete || v.hold) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    if (slipMode === "call" && !mayChangeCall(v)) slipMode = null;
    const slip = slipMode === "call";
    const legal = new Set(v.legal_calls || []);
    const barred = v.barred && v.barred[v.seat];
    const laws = v.mode === "laws";
    function btn(call) {
      const isLegal = legal.has(call);
      // changing a slip: every call is offered alike (the engine judges, Law 25A)
      let cls = "call " + strainClass(call) + (slip ? "" : isLegal ? " legal" : laws ? " irregular" : "");
      if (barred) cls += " barred";
      const b = el("button", {class: cls + (slip ? " slip" : ""), type: "button", "data-call": call, onclick: () => {
        if (slip) { slipMode = null; send({action: "call", call: call, replaces: "unintended"}); return; }
        if (!isLegal && !confirm(T("ui.live.irregular_call"))) return;
        send({action: "call", call: call});
      }}, callLabel(call));
      if (!slip && ((!laws && !isLegal) || barred)) b.disabled = true;
      return b;
    }
    const grid = el("div", {class: "calls"});
    for (let level = 1; level <= 7; level++) for (const s of STRAINS) grid.append(btn(level + s));
    const specials = el("div", {class: "specials"}, btn("P"), btn("X"), btn("XX"));
    const kids = [el("h2", {}, T("ui.live.bidding_box") + (barred ? " · " + T("ui.live.barred") : ""))];
    if (slip) {
      kids.push(el("p", {class: "slip-help", id: "wrong-call-help"}, T("ui.live.wrong_call_help")),
        el("button", {type: "button", id: "wrong-call-cancel", onclick: () => { slipMode = null; render(); }}, T("ui.live.cancel")));
    } else if (mayChangeCall(v)) {
      kids.push(el("button", {type: "button", id: "wrong-call", onclick: () => { slipMode = "call"; render(); }}, T("ui.live.wrong_call")));
    }
    box.replaceChildren(...kids, grid, specials);
  }

  function renderDecision(v) {
    const z = $("decision");
    if (!v.decision) { z.hidden = true; z.replaceChildren(); return; }
    z.hidden = false;
    const d = v.decision;
    const kids = [el("h2", {}, T("ui.live.decision") + " · " + seatName(d.by) + " (", ltr(d.laws.join(", ")), ")")];
    // what the choice is about: the last irregularity, with its call or card
    const irr = (v.irregularities || [])[(v.irregularities || []).length - 1];
    if (irr) {
      const what = irr.call ? callLabel(irr.call) : irr.card ? cardLabel(irr.card) : "";
      kids.push(el("p", {class: "about", id: "decision-about"}, T("irregularity." + irr.kind) + " · " + seatName(irr.by) + (what ? ": " : ""), what ? ltr(what) : null));
    }
    const mine = v.my_decision;
    // only the values the Laws allow here: the decision names them (26B, 50D2, 51B, 57A;
    // the cards of 46B, 51A, 58B2, 67, the chooser's own ones in decision_cards)
    const suits = d.suits || SUITS;
    const suitLabel = (s) => SYMBOL[s] + " " + T("ui.suit." + s);
    // the chooser reads what each option means: the ruling assistant's words, in his language
    const texts = {};
    if (v.option_texts) {
      for (const o of v.option_texts.options) texts[o.option] = o;
      if (v.option_texts.every) kids.push(el("p", {class: "option-text", id: "every-option"}, T("rule.every_option") + " " + v.option_texts.every));
    }
    for (const opt of d.options) {
      const f = el("form", {"data-option": opt});
      let get = () => ({});
      if ((opt === "require_suit" || opt === "forbid_suit") && !(d.several_suits || []).includes(opt)) {
        const sel = el("select", {name: "suit"}, ...suits.map((s) => el("option", {value: s}, suitLabel(s))));
        f.append(sel); get = () => ({suit: sel.value});
      } else if (opt === "forbid_suit") {
        const boxes = suits.map((s) => el("input", {type: "checkbox", value: s}));
        suits.forEach((s, i) => f.append(el("label", {class: "inline"}, boxes[i], suitLabel(s))));
        get = () => ({suits: boxes.filter((b) => b.checked).map((b) => b.value)});
      } else if (opt === "designate") {
        const cards = (v.decision_cards && v.decision_cards.length ? v.decision_cards : d.cards) ||
          Object.values(v.penalty_cards || {}).flat().map((p) => p.card);
        const sel = el("select", {name: "card", dir: "ltr"}, ...cards.map((c) => el("option", {value: c}, cardLabel(c))));
        f.append(sel); get = () => ({card: sel.value});
      }
      const b = el("button", {type: "submit"}, T("option." + opt));
      b.disabled = !mine;
      f.append(b);
      f.addEventListener("submit", (e) => { e.preventDefault(); send(Object.assign({action: "choose", option: opt}, get())); });
      kids.push(f);
      if (texts[opt]) {
        kids.push(el("p", {class: "option-text", "data-option-text": opt}, el("strong", {}, texts[opt].label + ": "),
          texts[opt].text + " ", ...lawWords(texts[opt].law)));
      }
    }
    z.replaceChildren(...kids);
  }

  // the claim as the table sees it: who claims how many, his statement (Law 68C), and
  // for the opponents the answer to give
  function renderClaim(v) {
    const shown = $("claim-shown");
    const kids = [];
    if (v.claim) {
      kids.push(el("p", {}, T("ui.live.claim_by", {seat: seatName(v.claim.by), tricks: v.claim.tricks}) +
        (v.claim.line ? " · " : ""), v.claim.line ? ltr(v.claim.line.map((x) => x.length === 2 ? cardLabel(x) : x).join(" ")) : null));
      kids.push(el("p", {id: "claim-said", class: "claim-said"},
        el("strong", {}, T("ui.live.claim_statement", {seat: seatName(v.claim.by)}) + ": "),
        v.claim.words ? el("bdi", {}, v.claim.words) : T("ui.live.claim_no_words")));
      if (v.may_answer) {
        kids.push(el("button", {type: "button", "data-answer": "accept", onclick: () => send({action: "respond", answer: "accept"})}, T("ui.live.accept")));
        kids.push(el("button", {type: "button", "data-answer": "dispute", onclick: () => send({action: "respond", answer: "dispute"})}, T("ui.live.dispute")));
      }
    }
    shown.replaceChildren(...kids);
    if (!v.may_claim) claimStep = null;
    if (claimSent && v.claim) {
      claimSent = false;
      for (const id of ["claim-tricks", "claim-words-input", "claim-line"]) $(id).value = "";
    }
    const panel = $("claim-panel");
    panel.hidden = claimStep === null;
    $("claim-form").hidden = claimStep !== "form";
    $("claim-confirm").hidden = claimStep !== "confirm";
    const left = 13 - v.tricks.length;
    $("claim-tricks").max = String(left);
    $("claimzone").hidden = !kids.length && claimStep === null;
  }

  // the claim panel, built once (a new view would otherwise wipe the words being written):
  // the tricks, the statement in words, and a question before the claim is sent
  function buildClaim() {
    const n = el("input", {type: "number", min: "0", max: "13", name: "tricks", id: "claim-tricks",
                           required: "", inputmode: "numeric", dir: "ltr"});
    const words = el("textarea", {name: "words", id: "claim-words-input", rows: "3"});
    const count = el("p", {id: "claim-count", class: "count", "aria-live": "polite"});
    const line = el("input", {type: "text", name: "line", id: "claim-line", dir: "ltr"});
    const ok = el("button", {type: "submit", id: "claim-next"}, T("ui.live.claim_send"));
    const close = () => { claimStep = null; if (view) render(); };
    const f = el("form", {id: "claim-form"},
      el("label", {}, T("ui.live.claim_tricks") + " ", n),
      el("label", {class: "words"}, T("ui.live.claim_words"), words), count,
      el("label", {}, T("ui.live.claim_line") + " ", line),
      el("div", {class: "buttons"}, ok, " ",
        el("button", {type: "button", id: "claim-cancel", onclick: close}, T("ui.live.cancel"))));
    function counted() {
      const len = words.value.trim().split(/\s+/).join(" ").length;
      const over = len > WORDS_MAX;
      count.textContent = over ? T("ui.live.err.claim_words_long", {n: len, max: WORDS_MAX}) :
        T("ui.live.claim_count", {n: len, max: WORDS_MAX});
      count.classList.toggle("error", over);
      if (!busy) ok.disabled = over;
      return !over;
    }
    words.addEventListener("input", counted);
    const question = el("p", {id: "claim-question", class: "question"});
    const said = el("p", {id: "claim-confirm-words", class: "claim-said"});
    const confirmBox = el("div", {id: "claim-confirm", role: "alertdialog", "aria-labelledby": "claim-question", hidden: ""},
      question, said,
      el("div", {class: "buttons"},
        el("button", {type: "button", id: "claim-yes", onclick: () => {
          claimStep = null;
          // the fields are emptied once the table shows the claim (kept if it is refused)
          claimSent = true;
          send({action: "claim", tricks: Number(n.value), line: line.value, words: words.value});
        }}, T("ui.live.claim_send")), " ",
        el("button", {type: "button", id: "claim-back", onclick: () => { claimStep = "form"; render(); }}, T("ui.live.claim_back")), " ",
        el("button", {type: "button", id: "claim-cancel2", onclick: close}, T("ui.live.cancel"))));
    f.addEventListener("submit", (e) => {
      e.preventDefault();
      if (!counted() || !view) return;
      const w = words.value.trim().split(/\s+/).join(" ");
      question.textContent = T("ui.live.claim_confirm", {tricks: n.value, left: 13 - view.tricks.length});
      said.replaceChildren(el("strong", {}, T("ui.live.claim_statement", {seat: seatName(view.seat)}) + ": "),
        w ? el("bdi", {}, w) : T("ui.live.claim_no_words"));
      claimStep = "confirm"; render();
      $("claim-yes").focus();
    });
    const panel = el("div", {id: "claim-panel", class: "claim-panel", hidden: ""},
      el("h2", {}, T("ui.live.claim")), f, confirmBox);
    $("claimzone").replaceChildren(el("div", {id: "claim-shown"}), panel);
    counted();
    return counted;
  }
  let claimCounted = null;

  function renderTools(v) {
    const z = $("tools");
    const kids = [];
    // Law 68: any player but dummy may claim; the panel opens on demand
    if (v.may_claim && claimStep === null) {
      kids.push(el("button", {type: "button", id: "claim", onclick: () => {
        claimStep = "form"; render(); $("claim-tricks").focus();
      }}, T("ui.live.claim")));
    }
    if (v.mode === "laws" && !v.complete && !v.hold) {
      // a revoke can be pointed out once cards are played (not at a choice in the auction)
      if ((v.phase === "play" || v.phase === "decision") && v.contract && (v.tricks.length || v.trick.length)) {
        kids.push(el("button", {type: "button", id: "revoke", onclick: () => send({action: "attention", what: "revoke"})}, T("ui.live.revoke")));
      }
      kids.push(el("button", {type: "button", id: "expose", class: exposeMode ? "on" : "",
        onclick: () => { exposeMode = !exposeMode; render(); }}, T("ui.live.expose")));
    }
    if (slipMode === "card" && !mayChangeDummyCard(v)) slipMode = null;
    if (slipMode === "card") {
      kids.push(el("p", {class: "slip-help", id: "wrong-card-help"}, T("ui.live.wrong_card_help")),
        el("button", {type: "button", id: "wrong-card-cancel", onclick: () => { slipMode = null; render(); }}, T("ui.live.cancel")));
    } else if (mayChangeDummyCard(v)) {
      kids.push(el("button", {type: "button", id: "wrong-card", onclick: () => { slipMode = "card"; render(); }}, T("ui.live.wrong_card")));
    }
    // the four-colour deck, the player's own choice (remembered in this browser)
    const four = fourColour();
    kids.push(el("button", {type: "button", id: "four-colour", class: "four-toggle",
      "aria-pressed": four ? "true" : "false",
      onclick: () => { setFourColour(!fourColour()); render(); }},
      // the four suits in their colours, read left to right in every language
      el("bdi", {dir: "ltr", class: "suits"}, ...SUITS.map((x) => el("span", {class: "suit-" + x}, SYMBOL[x]))),
      " " + T("ui.live.four_colour")));
    z.replaceChildren(...kids);
  }

  function renderRect(v) {
    const z = $("rect");
    const items = [];
    for (const s in (v.barred || {})) items.push(el("li", {class: "barred-line"}, T("ui.live.barred") + ": " + seatName(s) + " (" + T("ui.barred." + v.barred[s]) + ")"));
    for (const r of (v.lead_restrictions || [])) {
      const what = r.require ? T("ui.restriction.require") + " " + SYMBOL[r.require] :
        T("ui.restriction.forbid") + " " + (r.forbid || []).map((x) => SYMBOL[x]).join(" ");
      items.push(el("li", {class: "restriction"}, T("ui.live.lead_restrictions") + ": " + seatName(r.seat) + " " + what +
        (r.law ? " (" + r.law + ")" : "")));
    }
    for (const s in (v.penalty_cards || {})) {
      const li = el("li", {}, T("ui.live.penalty_cards") + " " + seatName(s) + ": ");
      for (const p of v.penalty_cards[s]) { li.append(cardEl(p.card, {cls: "penalty"}), " " + T(p.major ? "ui.live.major" : "ui.live.minor") + " "); }
      items.push(li);
    }
    for (const s in (v.exposed || {})) {
      const li = el("li", {}, T("ui.live.exposed") + " " + seatName(s) + ": ");
      for (const c of v.exposed[s]) li.append(cardEl(c), " ");
      items.push(li);
    }
    // questions of Law 61B and their answers, heard by the whole table
    for (const q of (v.questions || [])) {
      const answer = q.answer === null ? T("ui.live.answer_pending", {seat: seatName(q.asks)}) :
        "\u2014 " + T("ui.live.answer_" + q.answer, {seat: seatName(q.asks)});
      items.push(el("li", {class: "question", "data-asks": q.asks, "data-answer": q.answer || ""},
        T("ui.live.question", {by: seatName(q.by), asks: seatName(q.asks), trick: q.trick, suit: SYMBOL[q.suit]}) +
        " " + answer + " (", ltr(q.law), ")"));
    }
    if (v.laws && v.laws.length) items.push(el("li", {class: "laws"}, T("ui.live.laws") + ": ", ltr(v.laws.join(", "))));
    z.replaceChildren(...(items.length ? [el("ul", {}, ...items)] : []));
  }

  function renderResult(v) {
    const z = $("result");
    if (!v.complete) { z.hidden = true; z.replaceChildren(); return; }
    z.hidden = false;
    const r = v.result || {};
    const text = r.adjustment ? [T("ui.live.adjustment")] :
      (r.contract === "PASS" || r.contract === "P" ? [contractLabel(r.contract)] :
        [ltr(contractLabel(r.contract)), " " + seatName(r.declarer) + " · " + r.tricks + " · NS ",
         ltr(signed(r.score_ns))]);
    const kids = [el("h2", {}, T("ui.live.result")), el("p", {id: "result-text"}, ...text)];
    if (v.board_index + 1 < v.boards.length) {
      kids.push(el("button", {type: "button", id: "next", onclick: () => send({action: "next"})}, T("ui.live.next_board")));
    } else kids.push(el("p", {}, T("ui.live.all_played")));
    z.replaceChildren(...kids);
  }

  // Law 9B1a: any player calls the Director, for any reason; the table then waits (9B2).
  // Built once (a new view would otherwise wipe a note being written).
  function buildDirector() {
    const z = $("director");
    const open = el("button", {type: "button", id: "call-director", class: "call-director"}, T("ui.live.call_director"));
    const reason = el("select", {name: "reason", id: "call-reason"},
      ...REASONS.map((r) => el("option", {value: r}, T("irregularity." + r))));
    const note = el("input", {type: "text", name: "note", id: "call-note", maxlength: String(NOTE_MAX)});
    const f = el("form", {id: "call-form", hidden: ""},
      el("label", {}, T("ui.live.call_why") + " ", reason), " ",
      el("label", {}, T("ui.live.call_note") + " ", note), " ",
      el("button", {type: "submit", id: "call-send"}, T("ui.live.call_send")), " ",
      el("button", {type: "button", id: "call-cancel", onclick: () => { f.hidden = true; open.hidden = false; }}, T("ui.live.cancel")));
    open.addEventListener("click", () => { f.hidden = false; open.hidden = true; reason.focus(); });
    f.addEventListener("submit", (e) => {
      e.preventDefault();
      send({action: "director", reason: reason.value, text: note.value.slice(0, NOTE_MAX)});
      note.value = ""; f.hidden = true; open.hidden = false;
    });
    z.replaceChildren(open, f);
  }

  B.send = send;                      // for explain.js, with the page's helpers
  B.T = T;
  B.el = el;
  buildDirector();
  claimCounted = buildClaim();
  setFourColour(fourColour());
  connect();
})();
