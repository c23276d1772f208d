"""The notice every board and summary carries: the roads are a record, never a forecast."""

NOTICE = "Past results do not predict the next hand."
NOTICE_ZH = "过往结果不能预测下一局。"
