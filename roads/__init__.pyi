"""roads' public names: the one table of its exports (``roads.lazy``)."""

from roads.drawing.options import BoardOptions as BoardOptions
from roads.errors import CardError as CardError
from roads.errors import ParseError as ParseError
from roads.errors import RoadsError as RoadsError
from roads.errors import RuleError as RuleError
from roads.errors import ShoeError as ShoeError
from roads.formats import FormatError as FormatError
from roads.game.cards import Card as Card
from roads.game.coup import Coup as Coup
from roads.game.coup import Outcome as Outcome
from roads.game.odds import Odds as Odds
from roads.game.odds import exact_odds as exact_odds
from roads.game.odds import odds_for_decks as odds_for_decks
from roads.game.shoe import Shoe as Shoe
from roads.grids.cells import Colour as Colour
from roads.grids.road import Road as Road
from roads.grids.schema import schema as schema
from roads.hands.hand import Hand as Hand
from roads.hands.journal import Journal as Journal
from roads.hands.journal_format import read_journal as read_journal
from roads.hands.session import Session as Session
from roads.hands.statement import Statement as Statement
from roads.hands.statement import StatementLine as StatementLine
from roads.hands.statement import statement_of as statement_of
from roads.notice import NOTICE as NOTICE
from roads.scoreboard import Scoreboard as Scoreboard
from roads.tables.posted import TableFile as TableFile
from roads.tables.posted import read_table as read_table
from roads.tables.table import Table as Table
from roads.tables.table import make_table as make_table

__version__: str
