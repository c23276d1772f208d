"""The live page's words (``roads serve``: ``PAGE_WORDS``), the bets' and the table marks'
names (``BET_WORDS``, ``MARK_WORDS``) and the table of bets' words."""

from __future__ import annotations

from roads.translations.board import LANGUAGES
from roads.values import frozen

# -- the live page (roads serve) -----------------------------------------------------------
# Shown in the browser's fonts, like the report's.


@frozen
class PageWords:
    """The live page's own words (``roads serve``); the board's, and the notice, are ``Labels``."""

    heading: str
    log_a_coup: str
    banker_pair: str
    player_pair: str
    natural: str
    undo: str
    new_shoe: str
    confirm_shoe: str
    confirm_shoe_said: str
    """What a screen reader hears when the new-shoe button asks for a second press."""
    shoe: str
    coup: str
    coups: str
    no_coups: str
    last: str
    balance: str
    live: str
    connecting: str
    offline: str
    logged: str
    undone: str
    shoe_started: str
    practice: str
    cards: str
    """Label of the card entry."""
    cards_hint: str
    """Placeholder of the card entry: how cards are written."""
    log_cards: str
    staked: str
    """Stakes of the practice bets the next coup settles, beside the balance."""
    odds: str
    """The exact odds from the cards left: arithmetic of the cards, not of the roads."""
    odds_unknown: str
    """Why the odds line is gone: coup {n} of the shoe was logged without its cards."""
    hands_left: str
    """The session's plan: the hands it has left (``{left}``) of ``{hands}``."""
    seats: str
    """At a table with seats, each seat's balance (``{seats}``: number, name and balance)."""


BET_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "either_pair": "Either pair",
        "dragon_7": "Dragon 7",
        "panda_8": "Panda 8",
        "super_6": "Super 6",
        "lucky_6": "Lucky 6",
        "dragon_bonus_player": "Dragon Bonus Player",
        "dragon_bonus_banker": "Dragon Bonus Banker",
    },
    "zh": {
        "either_pair": "任一对",
        "dragon_7": "龙7",
        "panda_8": "熊猫8",
        "super_6": "超级6",
        "lucky_6": "幸运6",
        "dragon_bonus_player": "闲龙宝",
        "dragon_bonus_banker": "庄龙宝",
    },
    "zh-hant": {
        "either_pair": "任一對",
        "dragon_7": "龍7",
        "panda_8": "熊貓8",
        "super_6": "超級6",
        "lucky_6": "幸運6",
        "dragon_bonus_player": "閒龍寶",
        "dragon_bonus_banker": "莊龍寶",
    },
}
"""The side bets' names (besides the pairs, named in ``PAGE_WORDS``), by bet name
(``roads.tables.SIDE_BETS``), shown by the logger, the live page and ``roads odds``."""

MARK_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "super_6": "Banker wins with 6",
        "dragon_7": "Dragon 7: Banker wins with a three-card 7",
        "panda_8": "Panda 8: Player wins with a three-card 8",
    },
    "zh": {
        "super_6": "庄6点胜",
        "dragon_7": "龙7：庄三张牌7点胜",
        "panda_8": "熊猫8：闲三张牌8点胜",
    },
    "zh-hant": {
        "super_6": "莊6點勝",
        "dragon_7": "龍7：莊三張牌7點勝",
        "panda_8": "熊貓8：閒三張牌8點勝",
    },
}
"""What each mark a table's board carries means (``roads.tables.MARKS``), by mark name."""

BETS_TABLE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "caption": "Every bet of the {rules} table (Tie {tie}:1): its exact house edge, fresh "
        "shoe and from the cards left after each coup. The edge moves with the cards left, "
        "never with the roads.",
        "bet": "Bet",
        "pays": "Pays (to 1)",
        "fresh": "Fresh shoe",
        "now": "After coup {n}",
        "lowest": "Lowest",
        "highest": "Highest",
        "negative": "{bets}: a negative edge means the cards left favour that bet. It is rare, "
        "roads counts it from the cards as they come, and it is not a road: the roads do not "
        "know the cards.",
    },
    "zh": {
        "caption": "{rules} 桌（和局 {tie} 赔 1）的每种投注：新牌靴及每局后"
        "按剩余牌计算的精确庄家优势。优势随剩余的牌变化，与路单无关。",
        "bet": "投注",
        "pays": "赔率（赔 1）",
        "fresh": "新牌靴",
        "now": "第 {n} 局后",
        "lowest": "最低",
        "highest": "最高",
        "negative": "{bets}：负的庄家优势表示剩余的牌有利于该投注。这很少见，roads "
        "按发出的牌如实计算；它不是路单，路单并不知道剩余的牌。",
    },
    "zh-hant": {
        "caption": "{rules} 桌（和局 {tie} 賠 1）的每種投注：新牌靴及每局後"
        "按剩餘牌計算的精確莊家優勢。優勢隨剩餘的牌變化，與路單無關。",
        "bet": "投注",
        "pays": "賠率（賠 1）",
        "fresh": "新牌靴",
        "now": "第 {n} 局後",
        "lowest": "最低",
        "highest": "最高",
        "negative": "{bets}：負的莊家優勢表示剩餘的牌有利於該投注。這很少見，roads "
        "按發出的牌如實計算；它不是路單，路單並不知道剩餘的牌。",
    },
}
"""The report's table of bets (``roads.hands.prices``)."""


def bet_word(name: str, lang: str = "en") -> str:
    """A bet's name in ``lang``: ``Banker`` ... ``Player pair``, ``Dragon 7`` (a bet with no
    words yet: its name)."""
    labels, page = LANGUAGES[lang], PAGE_WORDS[lang]
    main = {
        "banker": labels.banker_name,
        "player": labels.player_name,
        "tie": labels.tie_name,
        "banker_pair": page.banker_pair,
        "player_pair": page.player_pair,
    }
    return main.get(name) or BET_WORDS[lang].get(name, name)


PAGE_WORDS: dict[str, PageWords] = {
    "en": PageWords(
        heading="Live board",
        log_a_coup="Log a coup",
        banker_pair="Banker pair",
        player_pair="Player pair",
        natural="Natural",
        undo="Undo",
        new_shoe="New shoe",
        confirm_shoe="Press again: new shoe",
        confirm_shoe_said="Press New shoe again to start a new shoe",
        shoe="Shoe {n}",
        coup="1 coup",
        coups="{n} coups",
        no_coups="No coups yet",
        last="Last: {hand}",
        balance="Practice balance (play money): {amount}",
        live="Live",
        connecting="Connecting…",
        offline="Reconnecting…",
        logged="Logged",
        undone="Took back the last entry",
        shoe_started="Started a new shoe",
        practice="A practice record only: no real money, and no forecasts.",
        cards="Or type the cards, Player first",
        cards_hint="Cards, Player first: 2h 3d 8c / Ks 3h",
        log_cards="Log the cards",
        staked="{amount} on the table",
        odds="Next coup, from the {n} cards left: Banker {b} · Player {p} · Tie {t}",
        odds_unknown="No odds of the next coup: coup {n} was logged without its cards",
        hands_left="Hands left: {left} of {hands}",
        seats="Seats (play money): {seats}",
    ),
    "zh": PageWords(
        heading="实时路单",
        log_a_coup="记录一局",
        banker_pair="庄对",
        player_pair="闲对",
        natural="例牌",
        undo="撤销",
        new_shoe="新牌靴",
        confirm_shoe="再按一次：新牌靴",
        confirm_shoe_said="再按一次“新牌靴”即开始新牌靴",
        shoe="第 {n} 靴",
        coup="1 局",
        coups="{n} 局",
        no_coups="尚无记录",
        last="上一局：{hand}",
        balance="练习余额（游戏币）：{amount}",
        live="实时",
        connecting="正在连接…",
        offline="正在重新连接…",
        logged="已记录",
        undone="已撤销上一条记录",
        shoe_started="已开始新牌靴",
        practice="仅供练习记录：不涉及真钱，也不作预测。",
        cards="或输入牌面，先闲后庄",
        cards_hint="牌面，先闲后庄：2h 3d 8c / Ks 3h",
        log_cards="记录牌面",
        staked="已下注 {amount}",
        odds="下一局（按剩余 {n} 张牌计算）：庄 {b} · 闲 {p} · 和 {t}",
        odds_unknown="无法计算下一局：第 {n} 局记录时没有牌面",
        hands_left="剩余局数：{left}/{hands}",
        seats="座位（游戏币）：{seats}",
    ),
    "zh-hant": PageWords(
        heading="即時路單",
        log_a_coup="記錄一局",
        banker_pair="莊對",
        player_pair="閒對",
        natural="例牌",
        undo="撤銷",
        new_shoe="新牌靴",
        confirm_shoe="再按一次：新牌靴",
        confirm_shoe_said="再按一次「新牌靴」即開始新牌靴",
        shoe="第 {n} 靴",
        coup="1 局",
        coups="{n} 局",
        no_coups="尚無記錄",
        last="上一局：{hand}",
        balance="練習餘額（遊戲幣）：{amount}",
        live="即時",
        connecting="正在連線…",
        offline="正在重新連線…",
        logged="已記錄",
        undone="已撤銷上一條記錄",
        shoe_started="已開始新牌靴",
        practice="僅供練習記錄：不涉及真錢，也不作預測。",
        cards="或輸入牌面，先閒後莊",
        cards_hint="牌面，先閒後莊：2h 3d 8c / Ks 3h",
        log_cards="記錄牌面",
        staked="已下注 {amount}",
        odds="下一局（按剩餘 {n} 張牌計算）：莊 {b} · 閒 {p} · 和 {t}",
        odds_unknown="無法計算下一局：第 {n} 局記錄時沒有牌面",
        hands_left="剩餘局數：{left}/{hands}",
        seats="座位（遊戲幣）：{seats}",
    ),
}
