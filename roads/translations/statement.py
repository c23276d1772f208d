"""A practice session's statement in words (``roads statement``, the report's table of seats:
``STATEMENT_WORDS``), shown in the terminal's or the browser's fonts."""

from __future__ import annotations

from roads.translations.board import Plural, same
from roads.values import frozen


@frozen
class StatementWords:
    """The statement's title, its columns and the lines under them."""

    heading: str
    """The report's section of the statement."""
    title: str
    """``{table}``: the table's name and rules; ``{scope}``: ``session`` or ``shoe``."""
    session: str
    """The whole session (``{shoes}``: a count of ``shoes``, ``{coups}``: of ``coups``)."""
    shoe: str
    """One shoe (``{shoe}``, ``{coups}``: a count of ``coups``)."""
    shoes: Plural
    coups: Plural
    rules: str
    """The table's rules (``{rules}``, ``{tie}``) and ``{commission}``."""
    commission_box: str
    commission_collect: str
    seat: str
    name: str
    bankroll: str
    staked: str
    won: str
    lost: str
    pushed: str
    commission: str
    box: str
    net: str
    balance: str
    house: str
    no_name: str
    """The name of seat 1 taken by a bankroll alone."""
    no_seats: str
    reconciled: str
    """Under the table: every net adds up (``{seats}``: the seats' nets, ``{house}``)."""
    play_money: str


STATEMENT_WORDS = {
    "en": StatementWords(
        heading="The seats' statement",
        title="Statement: {table} · {scope}",
        session="the session, {shoes}, {coups}",
        shoe="shoe {shoe}, {coups}",
        shoes=Plural("{n} shoe", "{n} shoes"),
        coups=Plural("{n} coup", "{n} coups"),
        rules="{rules}, Tie {tie}:1, {commission}",
        commission_box="commission box",
        commission_collect="commission collected at once",
        seat="Seat",
        name="Name",
        bankroll="Bankroll",
        staked="Staked",
        won="Won",
        lost="Lost",
        pushed="Pushed",
        commission="Commission",
        box="Box",
        net="Net",
        balance="Balance",
        house="House",
        no_name="—",
        no_seats="Nobody sat at this table.",
        reconciled="The seats' nets ({seats}) and the house's ({house}) add up to 0.",
        play_money="Play money, for practice: a statement of what was played, not a way to win.",
    ),
    "zh": StatementWords(
        heading="座位结算单",
        title="结算单：{table} · {scope}",
        session="整场，{shoes}，{coups}",
        shoe="第 {shoe} 靴，{coups}",
        shoes=same("{n} 靴"),
        coups=same("{n} 局"),
        rules="{rules}，和局 {tie}:1，{commission}",
        commission_box="佣金箱",
        commission_collect="佣金即时收取",
        seat="座位",
        name="名字",
        bankroll="本金",
        staked="已结算下注",
        won="赢",
        lost="输",
        pushed="退回",
        commission="佣金",
        box="佣金箱",
        net="净额",
        balance="余额",
        house="赌场",
        no_name="—",
        no_seats="这张桌没有人入座。",
        reconciled="各座位的净额（{seats}）与赌场的净额（{house}）相加为 0。",
        play_money="游戏币练习：记录所玩的结果，而不是赢钱的方法。",
    ),
    "zh-hant": StatementWords(
        heading="座位結算單",
        title="結算單：{table} · {scope}",
        session="整場，{shoes}，{coups}",
        shoe="第 {shoe} 靴，{coups}",
        shoes=same("{n} 靴"),
        coups=same("{n} 局"),
        rules="{rules}，和局 {tie}:1，{commission}",
        commission_box="佣金箱",
        commission_collect="佣金即時收取",
        seat="座位",
        name="名字",
        bankroll="本金",
        staked="已結算下注",
        won="贏",
        lost="輸",
        pushed="退回",
        commission="佣金",
        box="佣金箱",
        net="淨額",
        balance="餘額",
        house="賭場",
        no_name="—",
        no_seats="這張桌沒有人入座。",
        reconciled="各座位的淨額（{seats}）與賭場的淨額（{house}）相加為 0。",
        play_money="遊戲幣練習：記錄所玩的結果，而不是贏錢的方法。",
    ),
}
