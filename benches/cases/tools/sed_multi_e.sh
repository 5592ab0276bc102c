# iterations: 1
# about: sed with several -e; GNU: `sed -e 's/ERROR/E/' -e 's/WARN/W/' -e 's/INFO/I/' -e '/DEBUG/d' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed -e 's/ERROR/E/' -e 's/WARN/W/' -e 's/INFO/I/' -e '/DEBUG/d' @IN@ | cksum
sed -e 's/ERROR/E/' -e 's/WARN/W/' -e 's/INFO/I/' -e '/DEBUG/d' @IN@ > /dev/null
