# What a terminal shows of a program's output: awk -f terminal_view.awk FILE. The docs run runs
# each command on a pseudo-terminal (script(1)), as the reader of a doc does, so progress is
# drawn in place: "\r" moves back to the start of the line, ESC[K erases the rest of it, later
# text overwrites earlier text. Prints each line as it stands at the end. ESC[...m (colours)
# and the pseudo-terminal's "\r" before each newline are dropped.
{
  sub(/\r$/, "")
  gsub(/\033\[[0-9;]*m/, "")
  rest = $0
  screen = ""
  cursor = 0
  while (match(rest, /\r|\033\[K/)) {
    write(substr(rest, 1, RSTART - 1))
    if (substr(rest, RSTART, 1) == "\r") cursor = 0
    else screen = substr(screen, 1, cursor)
    rest = substr(rest, RSTART + RLENGTH)
  }
  write(rest)
  print screen
}

function write(text) {
  if (text == "") return
  screen = substr(screen, 1, cursor) text substr(screen, cursor + length(text) + 1)
  cursor += length(text)
}
