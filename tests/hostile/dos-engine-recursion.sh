# Recursion inside the engines (issue 27): jq's evaluator, closures, printer and parser, awk,
# sed, bc and the regex compilers. Each runs with the default profile's stack, a small one
# (below the fixed bounds some engines had), the smallest and the largest --max-stack-bytes;
# none may crash (a stop is a limit, a timeout or an error).

#### jq recursion through a filter argument (tail call), default stack
jq -n 'def f(x): f(x+1); f(0)'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq recursion through a filter argument (tail call), small stack
jq -n 'def f(x): f(x+1); f(0)'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq recursion through a filter argument (tail call), smallest stack
jq -n 'def f(x): f(x+1); f(0)'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq recursion through a filter argument (tail call), largest stack
jq -n 'def f(x): f(x+1); f(0)'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq deep evaluation of a filter argument, default stack
jq -n 'def f(x): if . > 100000000 then x else .+1 | f(x+1) end; 0 | f(0)'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq deep evaluation of a filter argument, small stack
jq -n 'def f(x): if . > 100000000 then x else .+1 | f(x+1) end; 0 | f(0)'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq deep evaluation of a filter argument, smallest stack
jq -n 'def f(x): if . > 100000000 then x else .+1 | f(x+1) end; 0 | f(0)'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq deep evaluation of a filter argument, largest stack
jq -n 'def f(x): if . > 100000000 then x else .+1 | f(x+1) end; 0 | f(0)'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq recursion through recurse, default stack
jq -n '[0] | recurse(.[0] |= [.]) | empty'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq recursion through recurse, small stack
jq -n '[0] | recurse(.[0] |= [.]) | empty'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq recursion through recurse, smallest stack
jq -n '[0] | recurse(.[0] |= [.]) | empty'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq recursion through recurse, largest stack
jq -n '[0] | recurse(.[0] |= [.]) | empty'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq .. over a deep value, default stack
jq -n 'reduce range(100000) as $i (0; [.]) | [..] | length'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq .. over a deep value, small stack
jq -n 'reduce range(100000) as $i (0; [.]) | [..] | length'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq .. over a deep value, smallest stack
jq -n 'reduce range(100000) as $i (0; [.]) | [..] | length'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq .. over a deep value, largest stack
jq -n 'reduce range(100000) as $i (0; [.]) | [..] | length'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq paths of a deep value, default stack
jq -n 'reduce range(100000) as $i (0; [.]) | [paths] | length'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq paths of a deep value, small stack
jq -n 'reduce range(100000) as $i (0; [.]) | [paths] | length'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq paths of a deep value, smallest stack
jq -n 'reduce range(100000) as $i (0; [.]) | [paths] | length'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq paths of a deep value, largest stack
jq -n 'reduce range(100000) as $i (0; [.]) | [paths] | length'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq update through .. of a deep value, default stack
jq -n 'reduce range(1000000) as $i (0; [.]) | (.. |= .) | length'
## expect: any
## flags: --max-stack-bytes=512M

#### jq update through .. of a deep value, small stack
jq -n 'reduce range(1000000) as $i (0; [.]) | (.. |= .) | length'
## expect: any
## flags: --max-stack-bytes=4M

#### jq update through .. of a deep value, smallest stack
jq -n 'reduce range(1000000) as $i (0; [.]) | (.. |= .) | length'
## expect: any
## flags: --max-stack-bytes=2M

#### jq update through .. of a deep value, largest stack
jq -n 'reduce range(1000000) as $i (0; [.]) | (.. |= .) | length'
## expect: any
## flags: --max-stack-bytes=16384M

#### jq printing a deep value, default stack
jq -n 'reduce range(1000000) as $i (0; [.])'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq printing a deep value, small stack
jq -n 'reduce range(1000000) as $i (0; [.])'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq printing a deep value, smallest stack
jq -n 'reduce range(1000000) as $i (0; [.])'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq printing a deep value, largest stack
jq -n 'reduce range(1000000) as $i (0; [.])'
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq tojson of a deep value, default stack
jq -n 'reduce range(1000000) as $i (0; [.]) | tojson | length'
## expect: any
## flags: --max-stack-bytes=512M

#### jq tojson of a deep value, small stack
jq -n 'reduce range(1000000) as $i (0; [.]) | tojson | length'
## expect: any
## flags: --max-stack-bytes=4M

#### jq tojson of a deep value, smallest stack
jq -n 'reduce range(1000000) as $i (0; [.]) | tojson | length'
## expect: any
## flags: --max-stack-bytes=2M

#### jq tojson of a deep value, largest stack
jq -n 'reduce range(1000000) as $i (0; [.]) | tojson | length'
## expect: any
## flags: --max-stack-bytes=16384M

#### jq deep json input, default stack
printf '%.0s[' {1..200000} | jq .
## expect: stop
## flags: --max-stack-bytes=512M

#### jq deep json input, small stack
printf '%.0s[' {1..200000} | jq .
## expect: stop
## flags: --max-stack-bytes=4M

#### jq deep json input, smallest stack
printf '%.0s[' {1..200000} | jq .
## expect: stop
## flags: --max-stack-bytes=2M

#### jq deep json input, largest stack
printf '%.0s[' {1..200000} | jq .
## expect: stop
## flags: --max-stack-bytes=16384M

#### jq deeply nested regex, default stack
jq -n --arg r "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})" '"x" | test($r)'
## expect: stop
## flags: --max-stack-bytes=512M

#### jq deeply nested regex, small stack
jq -n --arg r "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})" '"x" | test($r)'
## expect: stop
## flags: --max-stack-bytes=4M

#### jq deeply nested regex, smallest stack
jq -n --arg r "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})" '"x" | test($r)'
## expect: stop
## flags: --max-stack-bytes=2M

#### jq deeply nested regex, largest stack
jq -n --arg r "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})" '"x" | test($r)'
## expect: stop
## flags: --max-stack-bytes=16384M

#### awk user function recursion, default stack
awk 'function f(n) { return f(n+1) } BEGIN { f(0) }'
## expect: stop
## flags: --max-stack-bytes=512M

#### awk user function recursion, small stack
awk 'function f(n) { return f(n+1) } BEGIN { f(0) }'
## expect: stop
## flags: --max-stack-bytes=4M

#### awk user function recursion, smallest stack
awk 'function f(n) { return f(n+1) } BEGIN { f(0) }'
## expect: stop
## flags: --max-stack-bytes=2M

#### awk user function recursion, largest stack
awk 'function f(n) { return f(n+1) } BEGIN { f(0) }'
## expect: stop
## flags: --max-stack-bytes=16384M

#### awk deeply nested expression, default stack
awk "BEGIN { x = $(printf '%.0s(' {1..100000}) 1 $(printf '%.0s)' {1..100000}) }"
## expect: stop
## flags: --max-stack-bytes=512M

#### awk deeply nested expression, small stack
awk "BEGIN { x = $(printf '%.0s(' {1..100000}) 1 $(printf '%.0s)' {1..100000}) }"
## expect: stop
## flags: --max-stack-bytes=4M

#### awk deeply nested expression, smallest stack
awk "BEGIN { x = $(printf '%.0s(' {1..100000}) 1 $(printf '%.0s)' {1..100000}) }"
## expect: stop
## flags: --max-stack-bytes=2M

#### awk deeply nested expression, largest stack
awk "BEGIN { x = $(printf '%.0s(' {1..100000}) 1 $(printf '%.0s)' {1..100000}) }"
## expect: stop
## flags: --max-stack-bytes=16384M

#### awk deeply nested statements, default stack
awk "BEGIN { $(printf '%.0sif (1) ' {1..100000}) x = 1 }"
## expect: stop
## flags: --max-stack-bytes=512M

#### awk deeply nested statements, small stack
awk "BEGIN { $(printf '%.0sif (1) ' {1..100000}) x = 1 }"
## expect: stop
## flags: --max-stack-bytes=4M

#### awk deeply nested statements, smallest stack
awk "BEGIN { $(printf '%.0sif (1) ' {1..100000}) x = 1 }"
## expect: stop
## flags: --max-stack-bytes=2M

#### awk deeply nested statements, largest stack
awk "BEGIN { $(printf '%.0sif (1) ' {1..100000}) x = 1 }"
## expect: stop
## flags: --max-stack-bytes=16384M

#### awk deeply nested regex, default stack
echo x | awk "/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/"
## expect: stop
## flags: --max-stack-bytes=512M

#### awk deeply nested regex, small stack
echo x | awk "/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/"
## expect: stop
## flags: --max-stack-bytes=4M

#### awk deeply nested regex, smallest stack
echo x | awk "/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/"
## expect: stop
## flags: --max-stack-bytes=2M

#### awk deeply nested regex, largest stack
echo x | awk "/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/"
## expect: stop
## flags: --max-stack-bytes=16384M

#### sed deeply nested blocks, default stack
echo x | sed "$(printf '%.0s{' {1..100000})p$(printf '%.0s}' {1..100000})"
## expect: any
## flags: --max-stack-bytes=512M

#### sed deeply nested blocks, small stack
echo x | sed "$(printf '%.0s{' {1..100000})p$(printf '%.0s}' {1..100000})"
## expect: any
## flags: --max-stack-bytes=4M

#### sed deeply nested blocks, smallest stack
echo x | sed "$(printf '%.0s{' {1..100000})p$(printf '%.0s}' {1..100000})"
## expect: any
## flags: --max-stack-bytes=2M

#### sed deeply nested blocks, largest stack
echo x | sed "$(printf '%.0s{' {1..100000})p$(printf '%.0s}' {1..100000})"
## expect: any
## flags: --max-stack-bytes=16384M

#### sed deeply nested regex, default stack
echo x | sed -E "s/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/y/"
## expect: stop
## flags: --max-stack-bytes=512M

#### sed deeply nested regex, small stack
echo x | sed -E "s/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/y/"
## expect: stop
## flags: --max-stack-bytes=4M

#### sed deeply nested regex, smallest stack
echo x | sed -E "s/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/y/"
## expect: stop
## flags: --max-stack-bytes=2M

#### sed deeply nested regex, largest stack
echo x | sed -E "s/$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})/y/"
## expect: stop
## flags: --max-stack-bytes=16384M

#### bc function recursion, default stack
echo 'define f(n) { return f(n+1); }; f(0)' | bc
## expect: any
## flags: --max-stack-bytes=512M

#### bc function recursion, small stack
echo 'define f(n) { return f(n+1); }; f(0)' | bc
## expect: any
## flags: --max-stack-bytes=4M

#### bc function recursion, smallest stack
echo 'define f(n) { return f(n+1); }; f(0)' | bc
## expect: any
## flags: --max-stack-bytes=2M

#### bc function recursion, largest stack
echo 'define f(n) { return f(n+1); }; f(0)' | bc
## expect: any
## flags: --max-stack-bytes=16384M

#### bc deeply nested expression, default stack
echo "$(printf '%.0s(' {1..100000})1$(printf '%.0s)' {1..100000})" | bc
## expect: any
## flags: --max-stack-bytes=512M

#### bc deeply nested expression, small stack
echo "$(printf '%.0s(' {1..100000})1$(printf '%.0s)' {1..100000})" | bc
## expect: any
## flags: --max-stack-bytes=4M

#### bc deeply nested expression, smallest stack
echo "$(printf '%.0s(' {1..100000})1$(printf '%.0s)' {1..100000})" | bc
## expect: any
## flags: --max-stack-bytes=2M

#### bc deeply nested expression, largest stack
echo "$(printf '%.0s(' {1..100000})1$(printf '%.0s)' {1..100000})" | bc
## expect: any
## flags: --max-stack-bytes=16384M

#### grep deeply nested regex, default stack
echo x | grep -E "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})"
## expect: stop
## flags: --max-stack-bytes=512M

#### grep deeply nested regex, small stack
echo x | grep -E "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})"
## expect: stop
## flags: --max-stack-bytes=4M

#### grep deeply nested regex, smallest stack
echo x | grep -E "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})"
## expect: stop
## flags: --max-stack-bytes=2M

#### grep deeply nested regex, largest stack
echo x | grep -E "$(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000})"
## expect: stop
## flags: --max-stack-bytes=16384M

#### [[ =~ ]] deeply nested regex, default stack
[[ x =~ $(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000}) ]]
## expect: any
## flags: --max-stack-bytes=512M

#### [[ =~ ]] deeply nested regex, small stack
[[ x =~ $(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000}) ]]
## expect: any
## flags: --max-stack-bytes=4M

#### [[ =~ ]] deeply nested regex, smallest stack
[[ x =~ $(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000}) ]]
## expect: any
## flags: --max-stack-bytes=2M

#### [[ =~ ]] deeply nested regex, largest stack
[[ x =~ $(printf '%.0s(' {1..100000})x$(printf '%.0s)' {1..100000}) ]]
## expect: any
## flags: --max-stack-bytes=16384M

#### html-to-markdown of 100000 nested divs
printf '<div>%.0s' {1..100000} | html-to-markdown
## expect: stop
## stderr: nested too deeply

#### sqlite3 deeply nested expression
sqlite3 :memory: "select $(printf '(%.0s' {1..100000})1$(printf ')%.0s' {1..100000})"
## expect: stop
