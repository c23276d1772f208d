"""The score card's words (``CARD_WORDS``: ``roads scorecard``). Printed in the text font, which
holds them (a test checks it), so they need no font rebuild; the road names, the counts and the
notice are the board's (``Labels``)."""

from __future__ import annotations

from roads.values import frozen


@frozen
class CardWords:
    """A printed score card's words in one language."""

    title: str
    date: str
    table: str
    shoe: str
    shoe_of: str
    """A filled card's number (``{n}`` of ``{total}``)."""
    coups: str
    """A filled card's count of coups (``{n}``)."""
    how_to_mark: str
    bead_plate: str
    """How to mark the bead plate, beside its sample marks."""
    big_road: str
    tie: str
    pairs: str
    natural: str
    derived: str
    """How the derived roads are marked, beside their samples (``--roads all``)."""
    counts: str
    """A blank card's tally line, to fill in: Banker, Player and Tie (``{banker}``...)."""
    rules: str
    """The posted rules' line (``{rules}``: the rule set, ``{tie}``: what a Tie pays)."""
    side_bets: str
    """The side bets the table offers (``{bets}``)."""
    every_side_bet: str
    commission_box: str
    """That the table keeps each seat's commission in a box, paid at the end of the shoe."""
    limits: str
    """The table's limits (``{limits}``: each bet's least and most stake)."""
    notes: str
    statement: str
    """The title of the statement's page."""
    page: str
    """A page's number (``{n}`` of ``{total}``)."""


CARD_ENGLISH = CardWords(
    title="Baccarat score card",
    date="Date",
    table="Table",
    shoe="Shoe",
    shoe_of="Shoe {n} of {total}",
    coups="{n} coups",
    how_to_mark="How to mark",
    bead_plate="Bead plate: a disc a coup, down each column, then the next column.",
    big_road="Big road: a ring a coup; the same side again goes down, the other starts a column.",
    tie="Tie: a green slash across the last ring (a tie takes no cell of its own).",
    pairs="Pairs: a red dot top left for a Banker pair, a blue dot bottom right for a Player pair.",
    natural="Natural (if you keep them): a gold dot top right.",
    derived="Derived roads: a red or blue mark, as the rules of the roads say.",
    counts="Banker {banker}   Player {player}   Tie {tie}",
    rules="Rules: {rules}; Tie pays {tie} to 1",
    side_bets="Side bets: {bets}",
    every_side_bet="every one",
    commission_box="Commission into each seat's box, paid at the end of the shoe",
    limits="Limits: {limits}",
    notes="Notes",
    statement="Statement",
    page="Page {n} of {total}",
)

CARD_SIMPLIFIED = CardWords(
    title="百家乐路纸",
    date="日期",
    table="台号",
    shoe="靴号",
    shoe_of="第 {n} 靴，共 {total} 靴",
    coups="{n} 局",
    how_to_mark="记录方法",
    bead_plate="珠盘路：每局一个实心圆，由上而下，满列换下一列。",
    big_road="大路：每局一个空心圈；同一方向向下记，转方向另起一列。",
    tie="和局：在上一个圈上画一条绿色斜线（和局不占格）。",
    pairs="对子：庄对在左上角画红点，闲对在右下角画蓝点。",
    natural="例牌（如需记录）：右上角画金色点。",
    derived="下三路：按路的规则画红或蓝的标记。",
    counts="庄 {banker}   闲 {player}   和 {tie}",
    rules="规则：{rules}；和局 {tie} 赔 1",
    side_bets="边注：{bets}",
    every_side_bet="全部",
    commission_box="佣金记入各座位的佣金箱，每靴结束时收取",
    limits="限红：{limits}",
    notes="备注",
    statement="结算",
    page="第 {n} 页，共 {total} 页",
)

CARD_TRADITIONAL = CardWords(
    title="百家樂路紙",
    date="日期",
    table="檯號",
    shoe="靴號",
    shoe_of="第 {n} 靴，共 {total} 靴",
    coups="{n} 局",
    how_to_mark="記錄方法",
    bead_plate="珠盤路：每局一個實心圓，由上而下，滿列換下一列。",
    big_road="大路：每局一個空心圈；同一方向向下記，轉方向另起一列。",
    tie="和局：在上一個圈上畫一條綠色斜線（和局不佔格）。",
    pairs="對子：莊對在左上角畫紅點，閒對在右下角畫藍點。",
    natural="例牌（如需記錄）：右上角畫金色點。",
    derived="下三路：按路的規則畫紅或藍的標記。",
    counts="莊 {banker}   閒 {player}   和 {tie}",
    rules="規則：{rules}；和局 {tie} 賠 1",
    side_bets="邊注：{bets}",
    every_side_bet="全部",
    commission_box="佣金記入各座位的佣金箱，每靴結束時收取",
    limits="限紅：{limits}",
    notes="備註",
    statement="結算",
    page="第 {n} 頁，共 {total} 頁",
)

CARD_WORDS = {"en": CARD_ENGLISH, "zh": CARD_SIMPLIFIED, "zh-hant": CARD_TRADITIONAL}
"""The score card's words, by language code (those of ``LANGUAGES``)."""
