"""The board's labels in every language (``LANGUAGES``: the pictures, whose font is subset
from them), the text board's (``roads show``, an SVG's description), and the plural phrases
every surface uses."""

from __future__ import annotations

from typing import NamedTuple

from roads.notice import NOTICE
from roads.values import frozen


class Plural(NamedTuple):
    """A phrase with a count ``{n}`` in it, in the plural forms of its language: ``one`` for a
    count of 1, ``other`` for every other count (0 shoes, 2 shoes). Chinese has one form for
    every count: both are the same. A tuple, so the font tools read both forms."""

    one: str
    other: str


def plural(phrase: Plural, n: int, **fields: object) -> str:
    """``phrase`` in the form for the count ``n``, with ``{n}`` and the other ``fields`` filled
    in: ``plural(LANGUAGES["en"].shoes, 1)`` is "1 shoe".

    Parameters:
        phrase: the phrase's forms (a ``Plural`` of this module).
        n: the count the phrase is about.
        fields: the phrase's other placeholders.
    """
    return (phrase.one if n == 1 else phrase.other).format(n=n, **fields)


def same(text: str) -> Plural:
    """One phrase for every count (Chinese)."""
    return Plural(text, text)


@frozen
class Labels:
    """The board's words in one language (``LANGUAGES``)."""

    title: str
    bead_plate: str
    big_road: str
    big_eye_boy: str
    small_road: str
    cockroach_pig: str
    banker: str
    player: str
    tie: str
    banker_name: str
    player_name: str
    tie_name: str
    coups: str
    banker_pairs: str
    player_pairs: str
    naturals: str
    super_6: str
    """The legend of the Super 6 mark (no-commission tables: Banker won with 6)."""
    dragon_7: str
    """The legend of the Dragon 7 mark (EZ tables: Banker won with a three-card 7)."""
    panda_8: str
    """The legend of the Panda 8 mark (EZ tables: Player won with a three-card 8)."""
    ask: str
    if_banker: str
    if_player: str
    notice: tuple[str, ...]
    shoe: str
    """A shoe's name on a wall of thumbnails (``{n}``: its number)."""
    shoes: Plural
    """How many shoes a wall shows (``{n}``)."""
    hidden_columns: Plural
    """A thumbnail's marker: its big road's oldest ``{n}`` columns are not shown."""


ENGLISH = Labels(
    title="Baccarat scoreboard",
    bead_plate="Bead plate",
    big_road="Big road",
    big_eye_boy="Big Eye Boy",
    small_road="Small Road",
    cockroach_pig="Cockroach Pig",
    banker="B",
    player="P",
    tie="T",
    banker_name="Banker",
    player_name="Player",
    tie_name="Tie",
    coups="Coups",
    banker_pairs="Banker pairs",
    player_pairs="Player pairs",
    naturals="Naturals",
    super_6="Super 6: Banker won with 6",
    dragon_7="Dragon 7: Banker won with a three-card 7",
    panda_8="Panda 8: Player won with a three-card 8",
    ask="Ask road, not a forecast: what each derived road would add",
    if_banker="if the next coup is Banker",
    if_player="if the next coup is Player",
    notice=(NOTICE,),
    shoe="Shoe {n}",
    shoes=Plural("{n} shoe", "{n} shoes"),
    hidden_columns=Plural("« {n} earlier column not shown", "« {n} earlier columns not shown"),
)

SIMPLIFIED = Labels(
    title="百家乐路单",
    bead_plate="珠盘路",
    big_road="大路",
    big_eye_boy="大眼仔",
    small_road="小路",
    cockroach_pig="曱甴路",
    banker="庄",
    player="闲",
    tie="和",
    banker_name="庄",
    player_name="闲",
    tie_name="和",
    coups="局数",
    banker_pairs="庄对",
    player_pairs="闲对",
    naturals="例牌",
    super_6="超级6：庄以6点胜",
    dragon_7="龙7：庄以三张牌7点胜",
    panda_8="熊猫8：闲以三张牌8点胜",
    ask="问路（非预测）：各下三路将加上的标记",
    if_banker="若下一局为庄",
    if_player="若下一局为闲",
    notice=("过往结果不能预测下一局。", NOTICE),
    shoe="路单 {n}",
    shoes=same("路单 × {n}"),
    hidden_columns=same("« 前 {n} 列未显示"),
)

TRADITIONAL = Labels(
    title="百家樂路單",
    bead_plate="珠盤路",
    big_road="大路",
    big_eye_boy="大眼仔",
    small_road="小路",
    cockroach_pig="曱甴路",
    banker="莊",
    player="閒",
    tie="和",
    banker_name="莊",
    player_name="閒",
    tie_name="和",
    coups="局數",
    banker_pairs="莊對",
    player_pairs="閒對",
    naturals="例牌",
    super_6="超級6：莊以6點勝",
    dragon_7="龍7：莊以三張牌7點勝",
    panda_8="熊貓8：閒以三張牌8點勝",
    ask="問路（非預測）：各下三路將加上的標記",
    if_banker="若下一局為莊",
    if_player="若下一局為閒",
    notice=("過往結果不能預測下一局。", NOTICE),
    shoe="路單 {n}",
    shoes=same("路單 × {n}"),
    hidden_columns=same("« 前 {n} 列未顯示"),
)

LANGUAGES = {"en": ENGLISH, "zh": SIMPLIFIED, "zh-hant": TRADITIONAL}

SYMBOLS = "○●╱·—×"
"""Non-letter marks boards and the text form use besides the labels."""


# -- the text board (``roads show``, an SVG's description) -------------------------------------
# Never drawn with the shipped font (a terminal's font shows them), so no font rebuild.


@frozen
class TextWords:
    """The text board's own words; road names and statistics are ``Labels``."""

    key: str
    """After a derived road's name, without colours: what its ``r`` and ``b`` mean."""
    red: str
    blue: str
    empty: str
    """A road with no marks yet."""
    colon: str
    """After the ask road's heading and each of its lines' labels."""
    comma: str
    """Between the derived roads of an ask line."""
    pairs: str
    """The pairs in the short statistics of a narrow terminal (``{banker}``, ``{player}``:
    their counts)."""
    no_room_ask: str
    """In a terminal too short for the whole board: the ask road left out."""
    no_room_derived: str
    """In a terminal too short for the whole board: the derived roads (and ask road) left out."""


TEXT_WORDS = {
    "en": TextWords(
        key=" (r red, b blue)",
        red="red",
        blue="blue",
        empty="(no marks yet)",
        colon=": ",
        comma=", ",
        pairs="Pairs B {banker}, P {player}",
        no_room_ask="No room for the ask road: a taller terminal shows it.",
        no_room_derived="No room for the derived roads: a taller terminal shows them.",
    ),
    "zh": TextWords(
        key="（r 红，b 蓝）",
        red="红",
        blue="蓝",
        empty="（尚无标记）",
        colon="：",
        comma="，",
        pairs="对子 庄 {banker}，闲 {player}",
        no_room_ask="没有空间显示问路：终端再高一些即可显示。",
        no_room_derived="没有空间显示下三路：终端再高一些即可显示。",
    ),
    "zh-hant": TextWords(
        key="（r 紅，b 藍）",
        red="紅",
        blue="藍",
        empty="（尚無標記）",
        colon="：",
        comma="，",
        pairs="對子 莊 {banker}，閒 {player}",
        no_room_ask="沒有空間顯示問路：終端再高一些即可顯示。",
        no_room_derived="沒有空間顯示下三路：終端再高一些即可顯示。",
    ),
}
"""The text board's words by language (the keys of ``LANGUAGES``)."""
