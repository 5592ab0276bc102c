# iterations: 1
# target: rss_mb <= 5
# target: cold <= 0.8
# about: the smallest script: cold start cost
echo hi
