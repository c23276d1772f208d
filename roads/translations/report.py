"""The report page's words (``REPORT_WORDS``), shown in the browser's fonts."""

from __future__ import annotations

from roads.translations.board import Plural, same
from roads.values import frozen

# -- the report page ---------------------------------------------------------------------------
# Not drawn with the shipped font (the page's text is the browser's), so these words need no
# font rebuild. Placeholders in braces are filled with str.format.


@frozen
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
