"""The report charts' words (``CHART_WORDS``): the report font is subset from them."""

from __future__ import annotations

from roads.translations.board import Plural, same
from roads.values import frozen

# -- the report's charts -------------------------------------------------------------------------
# Drawn (PNG and SVG) with the report font, fonts/RoadsSansReport-Regular.otf, subset from these
# words and the board's labels (fonts/build.py): a word added here needs the fonts rebuilt; a
# test checks the report font covers every chart word.


@frozen
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
