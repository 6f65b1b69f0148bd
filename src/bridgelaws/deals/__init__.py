"""Deals: dealing by computer (Law 6), deal numbers, constraints on hands.

- :mod:`.dealnumber`: the number of a deal and the deal of a number (Pavlicek's order);
- :mod:`.constraints`: predicates on hands (high-card points, suit lengths, shapes);
- :mod:`.dealing`: deals drawn uniformly, with or without constraints, and board sets
  with dealer and vulnerability by Law 2.
"""

from .dealnumber import DEAL_COUNT, deal_number, deal_of_number
from .constraints import parse_where
from .dealing import Dealer, deal_boards, random_deal

__all__ = ["DEAL_COUNT", "deal_number", "deal_of_number", "parse_where", "Dealer",
           "deal_boards", "random_deal"]
