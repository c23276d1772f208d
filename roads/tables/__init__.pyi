"""The tables' exports: the one table of them (``roads.lazy``)."""

from roads.tables.bets import Bet as Bet
from roads.tables.deal import Deal as Deal
from roads.tables.deal import NeedsCardsError as NeedsCardsError
from roads.tables.deal import Totals as Totals
from roads.tables.marks import MARKS as MARKS
from roads.tables.marks import Mark as Mark
from roads.tables.posted import TableFile as TableFile
from roads.tables.posted import read_table as read_table
from roads.tables.posted import table_from_fields as table_from_fields
from roads.tables.pricing import Price as Price
from roads.tables.pricing import price as price
from roads.tables.pricing import price_table as price_table
from roads.tables.rule_sets import RULE_SETS as RULE_SETS
from roads.tables.rule_sets import RuleSet as RuleSet
from roads.tables.side_bets import SIDE_BETS as SIDE_BETS
from roads.tables.table import COMMISSIONS as COMMISSIONS
from roads.tables.table import STANDARD as STANDARD
from roads.tables.table import TIE_PAYS as TIE_PAYS
from roads.tables.table import Limit as Limit
from roads.tables.table import Table as Table
from roads.tables.table import TableError as TableError
from roads.tables.table import make_table as make_table
