"""Law 44: following suit and the winner of a trick."""

from bridgelaws.cards import card_name, cards_of, mask_of, parse_card
from bridgelaws.play import NO_TRUMP, playable, trick_winner


def cards(*names):
    return [parse_card(n) for n in names]


def test_law44C_must_follow_suit():
    hand = mask_of(cards("SA", "H2", "H9", "C3"))
    assert sorted(card_name(c) for c in cards_of(playable(hand, 2))) == ["H2", "H9"]


def test_law44D_void_may_play_anything():
    hand = mask_of(cards("SA", "C3"))
    assert playable(hand, 2) == hand
    assert playable(hand, None) == hand           # a lead: any card (44A)


def test_law44F_highest_of_the_suit_led_wins_without_trumps():
    assert trick_winner(cards("D2", "DA", "SK", "D9"), 3, NO_TRUMP) == 0   # W led; N played DA
    assert trick_winner(cards("D2", "DA", "SK", "D9"), 3, 1) == 0


def test_law44E_highest_trump_wins():
    assert trick_winner(cards("D2", "DA", "S2", "D9"), 0, 3) == 2
    assert trick_winner(cards("D2", "H3", "S2", "H4"), 0, 2) == 3      # two ruffs: H4 over H3
    assert trick_winner(cards("S2", "SA", "HA", "S3"), 1, 3) == 2      # trump led, ace wins
    assert trick_winner(cards("HK", "HQ", "HJ", "HA"), 0, NO_TRUMP) == 3
