"""The keyboard logger's words (``roads log`` in a terminal: ``LOGGER_WORDS``)."""

from __future__ import annotations

from roads.translations.board import Plural, same
from roads.values import frozen

# -- the keyboard logger (roads log in a terminal) -----------------------------------------------
# Shown in the terminal's font, like the text board's words. Road names, outcome names and the
# notice are ``Labels``; the practice balance and the bets' names come from ``PageWords``. The
# keys themselves (b p t 1 2 n u s c $ q) are the same in every language.


@frozen
class LoggerWords:
    """The keyboard logger's own words: its footer, key help, prompts and what it did."""

    start: str
    """The first message, a whole sentence (``{name}``: the journal's file name)."""
    summary: Plural
    """Printed on quitting: ``{n}`` coups logged here, the shoe now (``{shoe}``) and what it
    holds (``{held}``, a ``held``)."""
    held: Plural
    where: str
    """The footer's first line (``{coup}``, ``{shoe}``, ``{marks}``)."""
    no_marks: str
    from_cards: str
    """The marks in card entry: the cards decide them."""
    banker_pair: str
    player_pair: str
    natural: str
    list_comma: str
    """Between the marks, and between the bets on the table."""
    on_table: str
    """After the practice balance (``{bets}``: each bet as ``describe_bet`` says it)."""
    key_result: str
    key_undo: str
    key_shoe: str
    key_cards: str
    key_bet: str
    key_quit: str
    typing_help: str
    cards_prompt: str
    bet_prompt: str
    cards_prompt_short: str
    """The card prompt in a narrow terminal."""
    bet_prompt_short: str
    need_bankroll: str
    not_a_key: str
    """A key the logger does not know (``{key}``)."""
    nothing_logged: str
    waiting: str
    """While another process holds the journal's lock (``{name}``)."""
    """After an error: what the logger did about it."""
    cannot_read: str
    cannot_render: str
    sentence_end: str
    """Ends each sentence of what the logger did."""
    sentence_gap: str
    """Between two sentences."""
    logged: str
    logged_run: str
    took_back: str
    took_back_bet: str
    reopened: str
    """After an undo of a coup that had settled practice bets (``{bets}``, ``{net}``)."""
    took_back_shoe: str
    started_shoe: str
    bankroll: str
    bet: str
    settled: str
    totals: str
    """A coup's totals and cards after its outcome (``{player}``, ``{banker}``, ``{cards}``)."""
    stake: str
    """A practice bet (``{stake}``, ``{on}``)."""
    joined: str
    """A player takes a seat (``{seat}``, ``{name}``, ``{amount}``)."""
    left: str
    """A player gives a seat up (``{seat}``, ``{name}``, ``{amount}``: the balance)."""
    box_collected: str
    """After ``left`` when its box held commission (``{amount}``)."""
    box_taken: str
    """A new shoe collected a seat's box (``{seat}``, ``{name}``, ``{amount}``)."""
    took_back_join: str
    took_back_leave: str
    took_back_seat_bet: str
    """An undo of a seat's bet (``{seat}``, ``{on}``: the bet's name, ``{stake}``)."""
    closed: str
    """"No more bets" called for the next coup (``{coup}``)."""
    took_back_close: str
    """An undo of "no more bets": the bets of coup ``{coup}`` are open again."""
    seat_bet: str
    """A seat's practice bet (``{seat}``, ``{bet}``, ``{coup}``: the coup that settles it)."""
    seat_settled: str
    """A seat's bets settled (``{seat}``, ``{name}``, ``{net}``, ``{balance}``)."""
    seat_box: str
    """After ``seat_settled`` or a seat's balance, when its box holds commission (``{box}``)."""
    anonymous: str
    """A seat taken by a bankroll alone, where a name goes."""
    table_posted: str
    """The table logged for the shoe (``{table}``)."""
    planned: str
    """The session's plan (``{hands}``, ``{left}``)."""
    hands_left: str
    """The footer's and the summary's count of the plan's hands left (``{left}``, ``{hands}``)."""
    key_seat: str
    seat_prompt: str
    """Seat selection (``{seats}``: how many the table has)."""
    seat_prompt_short: str
    seat_bet_prompt: str
    """Bet entry for the seat selected (``{seat}``): several bets, split by commas."""
    seat_chosen: str
    """A seat selected (``{seat}``, ``{name}``): its bets come next."""
    seat_free: str
    """A seat selected that nobody sits at (``{seat}``)."""
    not_a_seat: str
    """What was typed is no seat of the table (``{text}``, ``{seats}``)."""
    seat_line: str
    """The footer's line of the seat selected (``{seat}``, ``{name}``, ``{balance}``)."""


LOGGER_WORDS = {
    "en": LoggerWords(
        start="Logging to {name}: press b, p or t as each coup is dealt.",
        summary=Plural(
            "Logged {n} coup this session; shoe {shoe} holds {held}.",
            "Logged {n} coups this session; shoe {shoe} holds {held}.",
        ),
        held=Plural("{n} coup", "{n} coups"),
        where="Coup {coup} of shoe {shoe} · marks: {marks}",
        no_marks="none",
        from_cards="from the cards",
        banker_pair="banker pair",
        player_pair="player pair",
        natural="natural",
        list_comma=", ",
        on_table=" · on the table: {bets}",
        key_result="result",
        key_undo="undo",
        key_shoe="new shoe",
        key_cards="cards",
        key_bet="practice bet",
        key_quit="quit",
        typing_help="Enter log it · Esc back to the keys",
        cards_prompt="Cards, Player first (e.g. 2h 3d 8c / Ks 3h): ",
        bet_prompt="Practice bet with play money (e.g. banker 10): ",
        cards_prompt_short="Cards, Player first: ",
        bet_prompt_short="Practice bet: ",
        need_bankroll="Practice bets need a bankroll: start with roads log JOURNAL --bankroll N",
        not_a_key="{key} is not a key of the logger: see the keys below",
        nothing_logged=" — nothing logged",
        waiting="Another process holds {name}: waiting for it to finish…",
        cannot_read="could not read {path}: {reason}",
        cannot_render="Could not render {path}: {reason}.",
        sentence_end=".",
        sentence_gap=" ",
        logged="Logged coup {coup} of shoe {shoe}: {hand}",
        logged_run="Logged coups {first}–{last} of shoe {shoe}: {results}",
        took_back="Took back coup {coup} of shoe {shoe}: {hand}",
        took_back_bet="Took back the practice bet of {bet}",
        reopened="Practice bets open again: {bets} (that coup had settled {net}); the next coup "
        "settles them, or undo takes them back",
        took_back_shoe="Took back the empty shoe {empty}: back to shoe {shoe}",
        started_shoe="Started shoe {shoe}",
        bankroll="Practice bankroll (play money): {amount}",
        bet="Practice bet (play money): {bet}",
        settled="Practice bets settled: {amount} (play money)",
        totals="{player} to {banker} ({cards})",
        stake="{stake} on {on}",
        joined="Seat {seat}: {name} sits down with {amount} (play money)",
        left="Seat {seat}: {name} leaves with {amount}",
        box_collected="the box's {amount} of commission collected",
        box_taken="Seat {seat} ({name}): the box's {amount} of commission collected",
        took_back_join="Took back {name} sitting down at seat {seat}",
        took_back_leave="Took back {name} leaving seat {seat}: seated again",
        took_back_seat_bet="Took back seat {seat}'s {on} bet of {stake}",
        closed="No more bets for coup {coup}",
        took_back_close="Took back no more bets: the bets of coup {coup} are open again",
        seat_bet="Seat {seat}, practice bet (play money): {bet}, for coup {coup}",
        seat_settled="Seat {seat} ({name}): {net}, balance {balance}",
        seat_box=" (box {box})",
        anonymous="no name",
        table_posted="Playing at {table}",
        planned="The session is planned for {hands} hands: {left} left",
        hands_left="Hands left: {left} of {hands}",
        key_seat="seat",
        seat_prompt="Seat for the next bets (1–{seats}): ",
        seat_prompt_short="Seat: ",
        seat_bet_prompt="Seat {seat}'s practice bets, play money (e.g. banker 10, pp 5): ",
        seat_chosen="Seat {seat} ({name}) places the next bets: $ to bet",
        seat_free="Nobody sits at seat {seat}: roads log JOURNAL --seat {seat} --join NAME "
        "--bankroll N",
        not_a_seat="{text!r} is not a seat of this table: 1 to {seats}",
        seat_line="Seat {seat} · {name} · {balance}",
    ),
    "zh": LoggerWords(
        start="记录到 {name}：每发一局，按 b、p 或 t。",
        summary=same("本次记录了 {n} 局；第 {shoe} 靴共 {held}。"),
        held=same("{n} 局"),
        where="第 {shoe} 靴第 {coup} 局 · 标记：{marks}",
        no_marks="无",
        from_cards="由牌面决定",
        banker_pair="庄对",
        player_pair="闲对",
        natural="例牌",
        list_comma="，",
        on_table=" · 桌上：{bets}",
        key_result="结果",
        key_undo="撤销",
        key_shoe="新牌靴",
        key_cards="输入牌面",
        key_bet="练习下注",
        key_quit="退出",
        typing_help="Enter 记录 · Esc 返回按键",
        cards_prompt="牌面，先闲后庄（例如 2h 3d 8c / Ks 3h）：",
        bet_prompt="用游戏币练习下注（例如 banker 10）：",
        cards_prompt_short="牌面，先闲后庄：",
        bet_prompt_short="练习下注：",
        need_bankroll="练习下注需要本金：以 roads log JOURNAL --bankroll N 启动",
        not_a_key="{key} 不是记录器的按键：请看下方的按键说明",
        nothing_logged="——未记录",
        waiting="另一个进程正在写入 {name}：等待它完成……",
        cannot_read="无法读取 {path}：{reason}",
        cannot_render="无法绘制 {path}：{reason}。",
        sentence_end="。",
        sentence_gap="",
        logged="已记录第 {shoe} 靴第 {coup} 局：{hand}",
        logged_run="已记录第 {shoe} 靴第 {first}–{last} 局：{results}",
        took_back="已撤销第 {shoe} 靴第 {coup} 局：{hand}",
        took_back_bet="已撤销练习下注：{bet}",
        reopened="练习下注重新开放：{bets}（该局曾结算 {net}）；下一局结算，撤销则取回",
        took_back_shoe="已撤销空的第 {empty} 靴：回到第 {shoe} 靴",
        started_shoe="已开始第 {shoe} 靴",
        bankroll="练习本金（游戏币）：{amount}",
        bet="练习下注（游戏币）：{bet}",
        settled="练习下注已结算：{amount}（游戏币）",
        totals="闲 {player} 对庄 {banker}（{cards}）",
        stake="{on} {stake}",
        joined="第 {seat} 座：{name} 入座，本金 {amount}（游戏币）",
        left="第 {seat} 座：{name} 离座，余额 {amount}",
        box_collected="已收取佣金箱中的 {amount} 佣金",
        box_taken="第 {seat} 座（{name}）：已收取佣金箱中的 {amount} 佣金",
        took_back_join="已撤销 {name} 在第 {seat} 座入座",
        took_back_leave="已撤销 {name} 离开第 {seat} 座：重新入座",
        took_back_seat_bet="已撤销第 {seat} 座的{on}下注 {stake}",
        closed="第 {coup} 局停止下注",
        took_back_close="已撤销停止下注：第 {coup} 局重新开放下注",
        seat_bet="第 {seat} 座练习下注（游戏币）：{bet}，由第 {coup} 局结算",
        seat_settled="第 {seat} 座（{name}）：{net}，余额 {balance}",
        seat_box="（佣金箱 {box}）",
        anonymous="无名",
        table_posted="牌桌：{table}",
        planned="本场计划 {hands} 局：还剩 {left} 局",
        hands_left="剩余局数：{left}/{hands}",
        key_seat="座位",
        seat_prompt="下一注的座位（1–{seats}）：",
        seat_prompt_short="座位：",
        seat_bet_prompt="第 {seat} 座练习下注，游戏币（例如 banker 10, pp 5）：",
        seat_chosen="第 {seat} 座（{name}）下一注：按 $ 下注",
        seat_free="第 {seat} 座没有人：roads log JOURNAL --seat {seat} --join NAME --bankroll N",
        not_a_seat="{text!r} 不是这张桌的座位：1 到 {seats}",
        seat_line="第 {seat} 座 · {name} · {balance}",
    ),
    "zh-hant": LoggerWords(
        start="記錄到 {name}：每發一局，按 b、p 或 t。",
        summary=same("本次記錄了 {n} 局；第 {shoe} 靴共 {held}。"),
        held=same("{n} 局"),
        where="第 {shoe} 靴第 {coup} 局 · 標記：{marks}",
        no_marks="無",
        from_cards="由牌面決定",
        banker_pair="莊對",
        player_pair="閒對",
        natural="例牌",
        list_comma="，",
        on_table=" · 桌上：{bets}",
        key_result="結果",
        key_undo="撤銷",
        key_shoe="新牌靴",
        key_cards="輸入牌面",
        key_bet="練習下注",
        key_quit="退出",
        typing_help="Enter 記錄 · Esc 返回按鍵",
        cards_prompt="牌面，先閒後莊（例如 2h 3d 8c / Ks 3h）：",
        bet_prompt="用遊戲幣練習下注（例如 banker 10）：",
        cards_prompt_short="牌面，先閒後莊：",
        bet_prompt_short="練習下注：",
        need_bankroll="練習下注需要本金：以 roads log JOURNAL --bankroll N 啟動",
        not_a_key="{key} 不是記錄器的按鍵：請看下方的按鍵說明",
        nothing_logged="——未記錄",
        waiting="另一個行程正在寫入 {name}：等待它完成……",
        cannot_read="無法讀取 {path}：{reason}",
        cannot_render="無法繪製 {path}：{reason}。",
        sentence_end="。",
        sentence_gap="",
        logged="已記錄第 {shoe} 靴第 {coup} 局：{hand}",
        logged_run="已記錄第 {shoe} 靴第 {first}–{last} 局：{results}",
        took_back="已撤銷第 {shoe} 靴第 {coup} 局：{hand}",
        took_back_bet="已撤銷練習下注：{bet}",
        reopened="練習下注重新開放：{bets}（該局曾結算 {net}）；下一局結算，撤銷則取回",
        took_back_shoe="已撤銷空的第 {empty} 靴：回到第 {shoe} 靴",
        started_shoe="已開始第 {shoe} 靴",
        bankroll="練習本金（遊戲幣）：{amount}",
        bet="練習下注（遊戲幣）：{bet}",
        settled="練習下注已結算：{amount}（遊戲幣）",
        totals="閒 {player} 對莊 {banker}（{cards}）",
        stake="{on} {stake}",
        joined="第 {seat} 座：{name} 入座，本金 {amount}（遊戲幣）",
        left="第 {seat} 座：{name} 離座，餘額 {amount}",
        box_collected="已收取佣金箱中的 {amount} 佣金",
        box_taken="第 {seat} 座（{name}）：已收取佣金箱中的 {amount} 佣金",
        took_back_join="已撤銷 {name} 在第 {seat} 座入座",
        took_back_leave="已撤銷 {name} 離開第 {seat} 座：重新入座",
        took_back_seat_bet="已撤銷第 {seat} 座的{on}下注 {stake}",
        closed="第 {coup} 局停止下注",
        took_back_close="已撤銷停止下注：第 {coup} 局重新開放下注",
        seat_bet="第 {seat} 座練習下注（遊戲幣）：{bet}，由第 {coup} 局結算",
        seat_settled="第 {seat} 座（{name}）：{net}，餘額 {balance}",
        seat_box="（佣金箱 {box}）",
        anonymous="無名",
        table_posted="牌桌：{table}",
        planned="本場計劃 {hands} 局：還剩 {left} 局",
        hands_left="剩餘局數：{left}/{hands}",
        key_seat="座位",
        seat_prompt="下一注的座位（1–{seats}）：",
        seat_prompt_short="座位：",
        seat_bet_prompt="第 {seat} 座練習下注，遊戲幣（例如 banker 10, pp 5）：",
        seat_chosen="第 {seat} 座（{name}）下一注：按 $ 下注",
        seat_free="第 {seat} 座沒有人：roads log JOURNAL --seat {seat} --join NAME --bankroll N",
        not_a_seat="{text!r} 不是這張桌的座位：1 到 {seats}",
        seat_line="第 {seat} 座 · {name} · {balance}",
    ),
}
"""The keyboard logger's words by language (the keys of ``LANGUAGES``)."""
