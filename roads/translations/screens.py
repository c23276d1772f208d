"""The words of the table's screens (``roads serve``): the table display (``/display``), each
seat's page on a phone (``/seat/N``), and what the croupier's console (``/``) adds to the live
page's words (``PAGE_WORDS``). Shown in the browser's fonts, like the live page's."""

from __future__ import annotations

from roads.values import frozen


@frozen
class ScreenWords:
    """Words of the table's screens; ``{…}`` fields are filled by the server or the page."""

    # -- every screen ----------------------------------------------------------------------
    practice_table: str
    """The heading of a table without a name."""
    live_waiting: str
    """The connection pill while taps wait to be confirmed (``{n}``)."""
    offline: str
    offline_waiting: str
    """The pill while the server cannot be reached (``{n}``: the taps waiting)."""
    sound: str
    """The one toggle of the sounds and the spoken results (off by default)."""
    wins: str
    """A coup's result in words (``{name}``: Banker or Player)."""
    spoken_wins: str
    """The result spoken (``{name}``, ``{high}``: the winner's total, ``{low}``)."""
    spoken_tie: str
    """A tie spoken (``{total}``)."""
    refused: str
    """Before a refusal's reason."""
    waits: str
    """A bet placed after no more bets (``{bet}``, ``{closed}``: the coup closed,
    ``{next}``: the coup it is for)."""
    placed: str
    """A bet logged (``{bet}``, ``{coup}``)."""
    bet: str
    """A bet in a list (``{on}``, ``{stake}``)."""
    # -- the display -----------------------------------------------------------------------
    display_title: str
    shoe_coup: str
    """``{shoe}``, ``{coup}``: the coups logged in the shoe."""
    posted: str
    pays: str
    limits: str
    any_stake: str
    limit: str
    """A bet's limits (``{low}``, ``{high}``)."""
    last_coup: str
    """The last coup's heading (``{coup}``)."""
    no_coup: str
    counts: str
    next_odds: str
    """The exact odds' heading (``{n}``: the cards left)."""
    next_coup: str
    """The odds' heading when they are not known."""
    by_rank: str
    scan: str
    """Under the QR code (``{seat}``: the first free seat)."""
    all_taken: str
    seats: str
    on_table: str
    """The seats' table's column of the stakes of their open bets."""
    # -- a seat's page ---------------------------------------------------------------------
    seat_title: str
    """``{seat}``."""
    sit_down_at: str
    your_name: str
    bankroll: str
    sit_down: str
    wrong_link: str
    """The page's link is not the seat's key now (``{seat}``)."""
    standing: str
    """The seat's money (``{balance}``, ``{box}``, ``{left}``: free to bet)."""
    chip: str
    bet_on: str
    spot: str
    """Under a bet's name on its button (``{pays}``, ``{limit}``)."""
    your_bets: str
    """``{coup}``."""
    no_bets: str
    waiting: str
    """A tap the server has not confirmed yet."""
    results: str
    result_line: str
    """``{coup}``, ``{result}``, ``{net}``."""
    statement: str
    leave: str
    confirm_leave: str
    left_seat: str
    # -- the croupier's console --------------------------------------------------------------
    no_more_bets: str
    closed: str
    """The round closed (``{coup}``)."""
    bets_for: str
    """The seats' open bets (``{coup}``)."""
    again: str
    """A second identical tap, armed (``{hand}``)."""
    again_said: str
    all_bets: str
    """The folding table of every bet and its edge."""
    seat_bet: str
    seat: str
    stake: str
    place: str
    watching: str


SCREEN_WORDS: dict[str, ScreenWords] = {
    "en": ScreenWords(
        practice_table="Practice table",
        live_waiting="Live — {n} waiting",
        offline="Offline",
        offline_waiting="Offline — {n} waiting",
        sound="Sound",
        wins="{name} wins",
        spoken_wins="{name} wins, {high} to {low}",
        spoken_tie="Tie, {total} all",
        refused="Refused",
        waits="No more bets for coup {closed}: {bet} is for coup {next}, sent once coup "
        "{closed} is logged",
        placed="{bet} for coup {coup}",
        bet="{on} {stake}",
        display_title="Table display",
        shoe_coup="Shoe {shoe} · Coup {coup}",
        posted="The table",
        pays="Pays",
        limits="Limits",
        any_stake="any stake",
        limit="{low}–{high}",
        last_coup="Coup {coup}",
        no_coup="No coup yet in this shoe",
        counts="This shoe",
        next_odds="Next coup, exact odds from the {n} cards left",
        next_coup="Next coup",
        by_rank="Cards left by rank",
        scan="Scan to sit at seat {seat}",
        all_taken="Every seat is taken",
        seats="Seats",
        on_table="Bets",
        seat_title="Seat {seat}",
        sit_down_at="Sit down at seat {seat}",
        your_name="Your name",
        bankroll="Bankroll (play money)",
        sit_down="Sit down",
        wrong_link="This link is not seat {seat}'s now: scan the table's code again to sit down.",
        standing="Balance {balance} · box {box} · free to bet {left}",
        chip="Chip",
        bet_on="Bet on",
        spot="pays {pays} · {limit}",
        your_bets="Your bets for coup {coup}",
        no_bets="No bets yet",
        waiting="waiting",
        results="Your last results",
        result_line="Coup {coup}: {result} · {net}",
        statement="Your statement",
        leave="Leave the table",
        confirm_leave="Press again to leave",
        left_seat="You left seat {seat}",
        no_more_bets="No more bets",
        closed="No more bets for coup {coup}",
        bets_for="Bets for coup {coup}",
        again="Again: {hand}?",
        again_said="Press again to log a second {hand} in a row",
        all_bets="Every bet and its edge",
        seat_bet="A bet for a seat",
        seat="Seat",
        stake="Stake",
        place="Place the bet",
        watching="Watching only: logging needs the croupier's link, which roads serve prints.",
    ),
    "zh": ScreenWords(
        practice_table="练习桌",
        live_waiting="实时 — {n} 条待确认",
        offline="离线",
        offline_waiting="离线 — {n} 条待发送",
        sound="声音",
        wins="{name}赢",
        spoken_wins="{name}赢，{high} 比 {low}",
        spoken_tie="和局，{total} 点",
        refused="未接受",
        waits="第 {closed} 局已停止下注：{bet} 改为第 {next} 局，第 {closed} 局记录后发送",
        placed="{bet}，第 {coup} 局",
        bet="{on} {stake}",
        display_title="牌桌显示屏",
        shoe_coup="第 {shoe} 靴 · 第 {coup} 局",
        posted="本桌",
        pays="赔率",
        limits="限额",
        any_stake="不限",
        limit="{low}–{high}",
        last_coup="第 {coup} 局",
        no_coup="本靴尚无记录",
        counts="本靴",
        next_odds="下一局：按剩余 {n} 张牌计算的精确概率",
        next_coup="下一局",
        by_rank="各点数剩余张数",
        scan="扫码入座第 {seat} 座",
        all_taken="座位已满",
        seats="座位",
        on_table="下注",
        seat_title="第 {seat} 座",
        sit_down_at="入座第 {seat} 座",
        your_name="你的名字",
        bankroll="本金（游戏币）",
        sit_down="入座",
        wrong_link="此链接现在不属于第 {seat} 座：请重新扫描牌桌的二维码入座。",
        standing="余额 {balance} · 佣金箱 {box} · 可下注 {left}",
        chip="筹码",
        bet_on="下注",
        spot="赔率 {pays} · {limit}",
        your_bets="你第 {coup} 局的下注",
        no_bets="尚未下注",
        waiting="待确认",
        results="你最近的结果",
        result_line="第 {coup} 局：{result} · {net}",
        statement="你的结算",
        leave="离桌",
        confirm_leave="再按一次离桌",
        left_seat="你已离开第 {seat} 座",
        no_more_bets="停止下注",
        closed="第 {coup} 局停止下注",
        bets_for="第 {coup} 局的下注",
        again="再来一次：{hand}？",
        again_said="再按一次即连续记录第二个{hand}",
        all_bets="每种投注及其优势",
        seat_bet="代座位下注",
        seat="座位",
        stake="金额",
        place="下注",
        watching="仅供观看：记录需要 roads serve 打印的荷官链接。",
    ),
    "zh-hant": ScreenWords(
        practice_table="練習桌",
        live_waiting="即時 — {n} 條待確認",
        offline="離線",
        offline_waiting="離線 — {n} 條待發送",
        sound="聲音",
        wins="{name}贏",
        spoken_wins="{name}贏，{high} 比 {low}",
        spoken_tie="和局，{total} 點",
        refused="未接受",
        waits="第 {closed} 局已停止下注：{bet} 改為第 {next} 局，第 {closed} 局記錄後發送",
        placed="{bet}，第 {coup} 局",
        bet="{on} {stake}",
        display_title="牌桌顯示屏",
        shoe_coup="第 {shoe} 靴 · 第 {coup} 局",
        posted="本桌",
        pays="賠率",
        limits="限額",
        any_stake="不限",
        limit="{low}–{high}",
        last_coup="第 {coup} 局",
        no_coup="本靴尚無記錄",
        counts="本靴",
        next_odds="下一局：按剩餘 {n} 張牌計算的精確機率",
        next_coup="下一局",
        by_rank="各點數剩餘張數",
        scan="掃碼入座第 {seat} 座",
        all_taken="座位已滿",
        seats="座位",
        on_table="下注",
        seat_title="第 {seat} 座",
        sit_down_at="入座第 {seat} 座",
        your_name="你的名字",
        bankroll="本金（遊戲幣）",
        sit_down="入座",
        wrong_link="此連結現在不屬於第 {seat} 座：請重新掃描牌桌的二維碼入座。",
        standing="餘額 {balance} · 佣金箱 {box} · 可下注 {left}",
        chip="籌碼",
        bet_on="下注",
        spot="賠率 {pays} · {limit}",
        your_bets="你第 {coup} 局的下注",
        no_bets="尚未下注",
        waiting="待確認",
        results="你最近的結果",
        result_line="第 {coup} 局：{result} · {net}",
        statement="你的結算",
        leave="離桌",
        confirm_leave="再按一次離桌",
        left_seat="你已離開第 {seat} 座",
        no_more_bets="停止下注",
        closed="第 {coup} 局停止下注",
        bets_for="第 {coup} 局的下注",
        again="再來一次：{hand}？",
        again_said="再按一次即連續記錄第二個{hand}",
        all_bets="每種投注及其優勢",
        seat_bet="代座位下注",
        seat="座位",
        stake="金額",
        place="下注",
        watching="僅供觀看：記錄需要 roads serve 列印的荷官連結。",
    ),
}
"""The table's screens' words by language."""
