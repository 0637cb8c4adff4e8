x = {"my key": 1, "say \"hi\"": 2}
y = x["my key"] + x["say \"hi\""]
