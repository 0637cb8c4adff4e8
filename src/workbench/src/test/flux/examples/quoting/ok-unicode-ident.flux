température = 1.0
x = température + 1.0
