#### ls -l sizes its file block to the directory operands too
mkdir -p lw/d && printf x > lw/f
cd lw
ls -l f d | head -1 | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]*//' | cut -c1-5
ls -l d f | head -1 | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]*//' | cut -c1-5
ls -l f | sed 's/^[^ ]* [^ ]* [^ ]* [^ ]*//' | cut -c1-2
## STDOUT:
    1
    1
 1
## END
