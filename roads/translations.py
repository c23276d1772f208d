"""Every word roads shows (board, text board, keyboard logger, live page, report and its
charts), in English, simplified Chinese and traditional Chinese: the one translations module.

The shipped fonts are subset from these words (``fonts/build.py``): the board font from the
board's labels (``LANGUAGES`` and ``SYMBOLS``), the report font from those and the charts' words
(``CHART_WORDS``), so a label or chart word added here needs the fonts rebuilt; tests check the
fonts cover every one. The report page's and the live page's words (``REPORT_WORDS``,
``PAGE_WORDS``) are shown in the browser's fonts, the text board's and the keyboard logger's
(``TEXT_WORDS``, ``LOGGER_WORDS``) in the terminal's: they need no rebuild.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from roads.notice import NOTICE


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


@dataclass(frozen=True, slots=True)
class Labels:
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
)

LANGUAGES = {"en": ENGLISH, "zh": SIMPLIFIED, "zh-hant": TRADITIONAL}

SYMBOLS = "○●╱·—×"
"""Non-letter marks boards and the text form use besides the labels."""


@dataclass(frozen=True, slots=True)
class TallyWords:
    """``roads simulate --tally``'s heading, in English (the command has no ``--lang``)."""

    heading: str
    """``{shoes}`` of ``{decks}`` (seed ``{seed}``, its ``{shuffle}``): ``{coups}``, each counted
    below."""
    shoes: Plural
    decks: Plural
    coups: Plural


TALLY_WORDS = TallyWords(
    heading="{shoes} of {decks} (seed {seed}, {shuffle} shuffle): {coups}",
    shoes=Plural("{n} shoe", "{n} shoes"),
    decks=Plural("{n} deck", "{n} decks"),
    coups=Plural("{n} coup", "{n} coups"),
)


# -- the text board (``roads show``, an SVG's description) -------------------------------------
# Never drawn with the shipped font (a terminal's font shows them), so no font rebuild.


@dataclass(frozen=True, slots=True)
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


# -- the report page ---------------------------------------------------------------------------
# Not drawn with the shipped font (the page's text is the browser's), so these words need no
# font rebuild. Placeholders in braces are filled with str.format.


@dataclass(frozen=True, slots=True)
class ReportWords:
    html_lang: str
    title: str
    honest: str
    eyebrow: str
    notice_where: str
    top: str
    bottom: str
    sections: str
    nav_board: str
    nav_outcomes: str
    nav_streaks: str
    nav_odds: str
    nav_coups: str
    coups_n: Plural
    cards_all: str
    cards_some: str
    cards_none: str
    odds_for: Plural
    board_heading: str
    board_text: str
    stats_caption: str
    what: str
    coups: str
    share: str
    all_coups: str
    outcomes_heading: str
    outcomes_caption: str
    outcome: str
    this_shoe: str
    exact_fresh: str
    samples: str
    range: str
    outcomes_text: Plural
    streaks_heading: str
    streaks_text: str
    none: str
    from_coup: str
    fig_streaks: str
    fig_columns: str
    fig_banker: str
    fig_player: str
    fig_dragons: str
    longest_banker: str
    longest_player: str
    dragons: str
    dragon: str
    no_dragon: str
    lengths_caption: str
    length: str
    odds_heading: str
    odds_how: str
    no_chart: str
    cards_unknown: str
    no_chart_help: str
    chart_stops: str
    odds_text: str
    odds_after: str
    coups_heading: str
    coups_caption: str
    coup: str
    result: str
    pairs_natural: str
    odds_of_coup: str
    no_cards_note: str
    cards_not_entered: str
    unknown: str
    total: str
    banker_pair: str
    player_pair: str
    natural: str
    footer: str


REPORT_ENGLISH = ReportWords(
    html_lang="en",
    title="Shoe report",
    honest="Each coup is dealt from the cards alone: the roads record what happened and say "
    "nothing about what comes next.",
    eyebrow="Baccarat shoe report &middot; for review and practice, never a forecast",
    notice_where="Notice ({where})",
    top="top",
    bottom="bottom",
    sections="Sections",
    nav_board="Board",
    nav_outcomes="Outcomes and odds",
    nav_streaks="Streaks",
    nav_odds="Odds across the shoe",
    nav_coups="Coup by coup",
    coups_n=Plural("{n} coup", "{n} coups"),
    cards_all="cards known for every coup",
    cards_some="cards known for {known} of {n} coups",
    cards_none="results only, no cards",
    odds_for=Plural("odds for {n} deck", "odds for {n} decks"),
    board_heading="The final board",
    board_text="The scoreboard as it stood after the last coup: bead plate, big road and the "
    "three derived roads. Red and blue on the derived roads mean only that a pattern of the big "
    "road repeated or broke.",
    stats_caption="Statistics of the shoe",
    what="What",
    coups="Coups",
    share="Share",
    all_coups="All coups",
    outcomes_heading="Banker, Player and Tie against the exact odds",
    outcomes_caption="This shoe against the exact odds",
    outcome="Outcome",
    this_shoe="This shoe",
    exact_fresh="Exact, fresh {decks}-deck shoe",
    samples="95% of {n}-coup samples",
    range="{low} to {high}",
    outcomes_text=Plural(
        "How often each side won in this shoe, against the exact probability of a coup "
        "dealt from a fresh {decks}-deck shoe. A shoe is a small sample: even though every coup "
        "is dealt at nearly the same odds, the shares of {n} coup spread over the ranges marked, "
        "and a shoe that lands outside them now and then is no sign of anything.",
        "How often each side won in this shoe, against the exact probability of a coup "
        "dealt from a fresh {decks}-deck shoe. A shoe is a small sample: even though every coup "
        "is dealt at nearly the same odds, the shares of {n} coups spread over the ranges marked, "
        "and a shoe that lands outside them now and then is no sign of anything.",
    ),
    streaks_heading="Streaks",
    streaks_text="A streak is a run of wins by one side, ties aside: one column of the big road. "
    "Streaks and dragons come from chance alone. A long run does not make the next coup any "
    "likelier to continue it, or to break it.",
    none="none",
    from_coup="{length} (from coup {first})",
    fig_streaks="streaks: columns of the big road",
    fig_columns="columns drawn, dragon tails included",
    fig_banker="longest Banker run",
    fig_player="longest Player run",
    fig_dragons="dragons ({dragon} or more in a row)",
    longest_banker="Longest Banker run: {text}.",
    longest_player="Longest Player run: {text}.",
    dragons="Dragons: {listed}.",
    dragon="{name} &times;{length} from coup {first}",
    no_dragon="No dragon: no side won {dragon} or more in a row.",
    lengths_caption="How many streaks of each length",
    length="Length",
    odds_heading="The exact odds of the next coup, from the cards left",
    odds_how="The shoe starts as {decks} full decks ({cards} cards). After each coup its cards "
    "come out; the burned cards stay in, since they were dealt face down and nobody saw them. "
    "The odds of the next coup are then counted exactly, over every order the cards left can "
    "come out in (as <code>roads odds --remaining</code> does).",
    no_chart="No chart for this shoe: {reason}.",
    cards_unknown="the cards are unknown",
    no_chart_help="For a shoe whose cards are known, simulated (<code>roads simulate --format "
    "jsonl</code>) or entered card by card, this section charts the exact odds of the next coup "
    "after every coup, counted from the cards left.",
    chart_stops="The chart stops after coup {dealt}: {reason}.",
    odds_text="The lines below are those odds after every coup, at full scale and magnified. "
    "They barely move, while the results under them swing from side to side: the roads follow "
    "the results, and the results are dealt from the cards alone. That is the honest answer to "
    "&ldquo;do the roads predict anything?&rdquo;: no.",
    odds_after="After coup {dealt}, with {left} cards left (burned cards counted as unseen), the "
    "next coup would be {odds}.",
    coups_heading="Coup by coup",
    coups_caption="Every coup in order",
    coup="Coup",
    result="Result",
    pairs_natural="Pairs, natural",
    odds_of_coup="Exact odds of this coup",
    no_cards_note="These results were entered without their cards: each coup shows its outcome "
    "and flags only.",
    cards_not_entered="cards not entered",
    unknown="unknown",
    total="total",
    banker_pair="Banker pair",
    player_pair="Player pair",
    natural="Natural",
    footer="Made with {generator}, for review and practice with play money. The charts and odds "
    "describe this shoe after the fact; none of it is a way to win.",
)

REPORT_SIMPLIFIED = ReportWords(
    html_lang="zh-Hans",
    title="牌靴报告",
    honest="每一局只由牌决定：路单记录已经发生的结果，对下一局毫无提示。",
    eyebrow="百家乐牌靴报告 &middot; 供复盘与练习，绝非预测",
    notice_where="提示（{where}）",
    top="页首",
    bottom="页尾",
    sections="章节",
    nav_board="路单",
    nav_outcomes="结果与概率",
    nav_streaks="连胜",
    nav_odds="整靴的概率",
    nav_coups="逐局记录",
    coups_n=same("{n} 局"),
    cards_all="每一局的牌都已知",
    cards_some="{n} 局中有 {known} 局的牌已知",
    cards_none="只有结果，没有牌",
    odds_for=same("按 {n} 副牌计算概率"),
    board_heading="最终路单",
    board_text="最后一局之后的路单：珠盘路、大路和三条下三路。下三路上的红与蓝只表示大路的某种"
    "形态重复了或中断了。",
    stats_caption="本靴统计",
    what="项目",
    coups="局数",
    share="占比",
    all_coups="全部局数",
    outcomes_heading="庄、闲、和与精确概率的对比",
    outcomes_caption="本靴与精确概率的对比",
    outcome="结果",
    this_shoe="本靴",
    exact_fresh="精确值（全新 {decks} 副牌）",
    samples="{n} 局样本的 95% 范围",
    range="{low} 至 {high}",
    outcomes_text=same(
        "本靴中各方获胜的频率，与从全新 {decks} 副牌中发出一局的精确概率相比。"
        "一靴只是一个小样本：尽管每一局的概率几乎相同，{n} 局的占比仍会散布在标出的范围内，"
        "偶尔落在范围之外也不说明任何问题。"
    ),
    streaks_heading="连胜",
    streaks_text="连胜是同一方连续获胜（和局不计），即大路的一列。连胜和长龙都只来自偶然。"
    "一段长连胜并不会让下一局更可能延续它，也不会更可能打断它。",
    none="无",
    from_coup="{length}（自第 {first} 局起）",
    fig_streaks="连胜数：大路的列数",
    fig_columns="画出的列数（含长龙拐弯）",
    fig_banker="庄最长连胜",
    fig_player="闲最长连胜",
    fig_dragons="长龙（连续 {dragon} 局或以上）",
    longest_banker="庄最长连胜：{text}。",
    longest_player="闲最长连胜：{text}。",
    dragons="长龙：{listed}。",
    dragon="{name} &times;{length}，自第 {first} 局起",
    no_dragon="没有长龙：没有一方连续赢 {dragon} 局或以上。",
    lengths_caption="各长度的连胜次数",
    length="长度",
    odds_heading="由剩余的牌算出的下一局精确概率",
    odds_how="牌靴开始时是 {decks} 副完整的牌（{cards} 张）。每局之后，发出的牌被移除；"
    "烧掉的牌仍算在内，因为它们背面朝下，没有人看到。下一局的概率随后按剩余牌的所有可能顺序"
    "精确计算（与 <code>roads odds --remaining</code> 相同）。",
    no_chart="本靴没有图表：{reason}。",
    cards_unknown="牌未知",
    no_chart_help="对于牌已知的牌靴（模拟的，<code>roads simulate --format jsonl</code>，"
    "或逐张输入的），本节会画出每局之后由剩余的牌算出的下一局精确概率。",
    chart_stops="图表在第 {dealt} 局之后停止：{reason}。",
    odds_text="下面的线是每局之后的这些概率，分别为完整比例和放大后的样子。它们几乎不动，"
    "而下方的结果却左右摇摆：路单跟随结果，而结果只由牌决定。这就是对“路单能预测什么吗？”"
    "的诚实回答：不能。",
    odds_after="第 {dealt} 局之后，剩余 {left} 张牌（烧掉的牌视为未见），下一局的概率为 {odds}。",
    coups_heading="逐局记录",
    coups_caption="按顺序列出的每一局",
    coup="局",
    result="结果",
    pairs_natural="对子、例牌",
    odds_of_coup="本局的精确概率",
    no_cards_note="这些结果输入时没有牌：每局只显示结果和标记。",
    cards_not_entered="未输入牌",
    unknown="未知",
    total="点数",
    banker_pair="庄对",
    player_pair="闲对",
    natural="例牌",
    footer="由 {generator} 生成，供复盘和用练习筹码练习。图表和概率只是事后描述本靴；"
    "其中没有任何赢钱的方法。",
)

REPORT_TRADITIONAL = ReportWords(
    html_lang="zh-Hant",
    title="牌靴報告",
    honest="每一局只由牌決定：路單記錄已經發生的結果，對下一局毫無提示。",
    eyebrow="百家樂牌靴報告 &middot; 供復盤與練習，絕非預測",
    notice_where="提示（{where}）",
    top="頁首",
    bottom="頁尾",
    sections="章節",
    nav_board="路單",
    nav_outcomes="結果與機率",
    nav_streaks="連勝",
    nav_odds="整靴的機率",
    nav_coups="逐局記錄",
    coups_n=same("{n} 局"),
    cards_all="每一局的牌都已知",
    cards_some="{n} 局中有 {known} 局的牌已知",
    cards_none="只有結果，沒有牌",
    odds_for=same("按 {n} 副牌計算機率"),
    board_heading="最終路單",
    board_text="最後一局之後的路單：珠盤路、大路和三條下三路。下三路上的紅與藍只表示大路的某種"
    "形態重複了或中斷了。",
    stats_caption="本靴統計",
    what="項目",
    coups="局數",
    share="佔比",
    all_coups="全部局數",
    outcomes_heading="莊、閒、和與精確機率的對比",
    outcomes_caption="本靴與精確機率的對比",
    outcome="結果",
    this_shoe="本靴",
    exact_fresh="精確值（全新 {decks} 副牌）",
    samples="{n} 局樣本的 95% 範圍",
    range="{low} 至 {high}",
    outcomes_text=same(
        "本靴中各方獲勝的頻率，與從全新 {decks} 副牌中發出一局的精確機率相比。"
        "一靴只是一個小樣本：儘管每一局的機率幾乎相同，{n} 局的佔比仍會散佈在標出的範圍內，"
        "偶爾落在範圍之外也不說明任何問題。"
    ),
    streaks_heading="連勝",
    streaks_text="連勝是同一方連續獲勝（和局不計），即大路的一列。連勝和長龍都只來自偶然。"
    "一段長連勝並不會讓下一局更可能延續它，也不會更可能打斷它。",
    none="無",
    from_coup="{length}（自第 {first} 局起）",
    fig_streaks="連勝數：大路的列數",
    fig_columns="畫出的列數（含長龍拐彎）",
    fig_banker="莊最長連勝",
    fig_player="閒最長連勝",
    fig_dragons="長龍（連續 {dragon} 局或以上）",
    longest_banker="莊最長連勝：{text}。",
    longest_player="閒最長連勝：{text}。",
    dragons="長龍：{listed}。",
    dragon="{name} &times;{length}，自第 {first} 局起",
    no_dragon="沒有長龍：沒有一方連續贏 {dragon} 局或以上。",
    lengths_caption="各長度的連勝次數",
    length="長度",
    odds_heading="由剩餘的牌算出的下一局精確機率",
    odds_how="牌靴開始時是 {decks} 副完整的牌（{cards} 張）。每局之後，發出的牌被移除；"
    "燒掉的牌仍算在內，因為它們背面朝下，沒有人看到。下一局的機率隨後按剩餘牌的所有可能順序"
    "精確計算（與 <code>roads odds --remaining</code> 相同）。",
    no_chart="本靴沒有圖表：{reason}。",
    cards_unknown="牌未知",
    no_chart_help="對於牌已知的牌靴（模擬的，<code>roads simulate --format jsonl</code>，"
    "或逐張輸入的），本節會畫出每局之後由剩餘的牌算出的下一局精確機率。",
    chart_stops="圖表在第 {dealt} 局之後停止：{reason}。",
    odds_text="下面的線是每局之後的這些機率，分別為完整比例和放大後的樣子。它們幾乎不動，"
    "而下方的結果卻左右搖擺：路單跟隨結果，而結果只由牌決定。這就是對「路單能預測甚麼嗎？」"
    "的誠實回答：不能。",
    odds_after="第 {dealt} 局之後，剩餘 {left} 張牌（燒掉的牌視為未見），下一局的機率為 {odds}。",
    coups_heading="逐局記錄",
    coups_caption="按順序列出的每一局",
    coup="局",
    result="結果",
    pairs_natural="對子、例牌",
    odds_of_coup="本局的精確機率",
    no_cards_note="這些結果輸入時沒有牌：每局只顯示結果和標記。",
    cards_not_entered="未輸入牌",
    unknown="未知",
    total="點數",
    banker_pair="莊對",
    player_pair="閒對",
    natural="例牌",
    footer="由 {generator} 生成，供復盤和用練習籌碼練習。圖表和機率只是事後描述本靴；"
    "其中沒有任何贏錢的方法。",
)

REPORT_WORDS = {"en": REPORT_ENGLISH, "zh": REPORT_SIMPLIFIED, "zh-hant": REPORT_TRADITIONAL}
"""The report page's words, by language (the same keys as ``LANGUAGES``)."""


# -- the live page (roads serve) -----------------------------------------------------------
# Shown in the browser's fonts, like the report's.


@dataclass(frozen=True, slots=True)
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
    ),
}


# -- the report's charts -------------------------------------------------------------------------
# Drawn (PNG and SVG) with the report font, fonts/RoadsSansReport-Regular.otf, subset from these
# words and the board's labels (fonts/build.py): a word added here needs the fonts rebuilt; a
# test checks the report font covers every chart word.


@dataclass(frozen=True, slots=True)
class ChartWords:
    title: str
    subtitle: Plural
    share_of_coups: str
    this_shoe: str
    exact_fresh_shoe: str
    count_of: str
    legend_this_shoe: Plural
    legend_exact: str
    legend_range: str
    outcomes_title: str
    outcomes_described: Plural
    full_scale: str
    magnified: str
    coups_axis: str
    results: str
    legend_left: str
    legend_fresh: str
    summary: str
    odds_title: str
    odds_described: Plural
    section_outcomes: str
    section_odds: str
    no_odds: str
    stop_no_cards: str
    stop_too_few: str
    stop_too_many: str


CHART_ENGLISH = ChartWords(
    title="Shoe report",
    subtitle=Plural(
        "{n} coup. Each coup is dealt from the cards alone.",
        "{n} coups. Each coup is dealt from the cards alone.",
    ),
    share_of_coups="share of coups",
    this_shoe="this shoe",
    exact_fresh_shoe="exact, fresh shoe",
    count_of="{count} of {n}",
    legend_this_shoe=Plural("this shoe ({n} coup)", "this shoe ({n} coups)"),
    legend_exact="exact odds of a fresh {decks}-deck shoe",
    legend_range="95% of {n}-coup samples land in this range",
    outcomes_title="Banker, Player and Tie in this shoe against the exact odds",
    outcomes_described=Plural(
        "{name} won {share} of {n} coup; exact for a fresh {decks}-deck shoe {exact}",
        "{name} won {share} of {n} coups; exact for a fresh {decks}-deck shoe {exact}",
    ),
    full_scale="Exact probability of the next coup, from the cards left (full scale)",
    magnified="Magnified: percentage points above or below a fresh shoe",
    coups_axis="coups dealt (each point: the odds of the coup after)",
    results="Results",
    legend_left="exact, from the cards left after each coup",
    legend_fresh="fresh {decks}-deck shoe",
    summary="{name}: from {low} to {high} (fresh shoe {fresh})",
    odds_title="The exact odds of the next coup across the shoe, from the cards left",
    odds_described=Plural(
        "After {n} coup, the exact probability of the next. {summary}.",
        "After each of {n} coups, the exact probability of the next. {summary}. "
        "The results swing from coup to coup; the odds barely move.",
    ),
    section_outcomes="Banker, Player and Tie: this shoe against the exact odds",
    section_odds="The exact odds of the next coup, after every coup",
    no_odds="No exact odds after each coup: {reason}",
    stop_no_cards="coup {coup} was entered without its cards, so the cards left are unknown",
    stop_too_few="only {left} cards are left after coup {coup}",
    stop_too_many="coup {coup} shows {card} for the {count}th time, more than {decks} decks "
    "hold; give the number of decks in the shoe, and report one shoe at a time",
)

CHART_SIMPLIFIED = ChartWords(
    title="牌靴报告",
    subtitle=same("{n} 局。每一局只由牌决定。"),
    share_of_coups="占局数的比例",
    this_shoe="本靴",
    exact_fresh_shoe="精确值（全新牌靴）",
    count_of="{count} / {n}",
    legend_this_shoe=same("本靴（{n} 局）"),
    legend_exact="全新 {decks} 副牌的精确概率",
    legend_range="{n} 局样本的 95% 落在此范围内",
    outcomes_title="本靴的庄、闲、和与精确概率的对比",
    outcomes_described=same("{name}赢了 {n} 局中的 {share}；全新 {decks} 副牌的精确值为 {exact}"),
    full_scale="由剩余的牌算出的下一局精确概率（完整比例）",
    magnified="放大：比全新牌靴高或低的百分点",
    coups_axis="已发局数（每一点：下一局的概率）",
    results="结果",
    legend_left="精确值，由每局之后剩余的牌算出",
    legend_fresh="全新 {decks} 副牌",
    summary="{name}：从 {low} 到 {high}（全新牌靴 {fresh}）",
    odds_title="整靴中下一局的精确概率，由剩余的牌算出",
    odds_described=same(
        "{n} 局中每局之后下一局的精确概率。{summary}。结果每局摇摆，概率几乎不动。"
    ),
    section_outcomes="庄、闲、和：本靴与精确概率的对比",
    section_odds="每局之后下一局的精确概率",
    no_odds="没有每局之后的精确概率：{reason}",
    stop_no_cards="第 {coup} 局输入时没有牌，所以剩余的牌未知",
    stop_too_few="第 {coup} 局之后只剩 {left} 张牌",
    stop_too_many="第 {coup} 局出现第 {count} 张 {card}，超过 {decks} 副牌所含；"
    "请给出牌靴的副数，并一次只报告一靴",
)

CHART_TRADITIONAL = ChartWords(
    title="牌靴報告",
    subtitle=same("{n} 局。每一局只由牌決定。"),
    share_of_coups="佔局數的比例",
    this_shoe="本靴",
    exact_fresh_shoe="精確值（全新牌靴）",
    count_of="{count} / {n}",
    legend_this_shoe=same("本靴（{n} 局）"),
    legend_exact="全新 {decks} 副牌的精確機率",
    legend_range="{n} 局樣本的 95% 落在此範圍內",
    outcomes_title="本靴的莊、閒、和與精確機率的對比",
    outcomes_described=same("{name}贏了 {n} 局中的 {share}；全新 {decks} 副牌的精確值為 {exact}"),
    full_scale="由剩餘的牌算出的下一局精確機率（完整比例）",
    magnified="放大：比全新牌靴高或低的百分點",
    coups_axis="已發局數（每一點：下一局的機率）",
    results="結果",
    legend_left="精確值，由每局之後剩餘的牌算出",
    legend_fresh="全新 {decks} 副牌",
    summary="{name}：從 {low} 到 {high}（全新牌靴 {fresh}）",
    odds_title="整靴中下一局的精確機率，由剩餘的牌算出",
    odds_described=same(
        "{n} 局中每局之後下一局的精確機率。{summary}。結果每局搖擺，機率幾乎不動。"
    ),
    section_outcomes="莊、閒、和：本靴與精確機率的對比",
    section_odds="每局之後下一局的精確機率",
    no_odds="沒有每局之後的精確機率：{reason}",
    stop_no_cards="第 {coup} 局輸入時沒有牌，所以剩餘的牌未知",
    stop_too_few="第 {coup} 局之後只剩 {left} 張牌",
    stop_too_many="第 {coup} 局出現第 {count} 張 {card}，超過 {decks} 副牌所含；"
    "請給出牌靴的副數，並一次只報告一靴",
)

CHART_WORDS = {"en": CHART_ENGLISH, "zh": CHART_SIMPLIFIED, "zh-hant": CHART_TRADITIONAL}
"""The report charts' words, by language (the same keys as ``LANGUAGES``)."""


# -- the keyboard logger (roads log in a terminal) -----------------------------------------------
# Shown in the terminal's font, like the text board's words. Road names, outcome names and the
# notice are ``Labels``; the practice balance and the bets' names come from ``PageWords``. The
# keys themselves (b p t 1 2 n u s c $ q) are the same in every language.


@dataclass(frozen=True, slots=True)
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
    ),
}
"""The keyboard logger's words by language (the keys of ``LANGUAGES``)."""
