# iterations: 1
# about: a single builtin with no output
true
