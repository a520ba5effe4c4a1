# Reads a Markdown file and prints the plan of its command blocks for run_docs.sh, one record a
# line, the kind and a tab before the text:
#   B <tab> LINE KIND        a command block starts at LINE; KIND is transcript or commands
#   M <tab> MARKER           a docs-run marker of that block (the text after "docs-run:")
#   C <tab> LINE TEXT        a command starts at LINE (transcript: after "$ "; commands: the line)
#   c <tab> TEXT             a continuation line of that command (the previous line ended in \)
#   O <tab> TEXT             a line of the output the doc shows for that command
#   E                        the block ends
# A transcript is a fenced block, or a block indented by four spaces, whose first line starts
# with "$ "; a commands block is a ```sh, ```bash or ```shell block without "$ ". Other blocks
# (file contents, synopses, package lists) are counted by kind "other" and not run. Markers are
# the <!-- docs-run: ... --> lines right above a block (blank lines between them allowed).

function flush_markers() {
  for (k = 1; k <= n_markers; k++) print "M\t" markers[k]
  n_markers = 0
}

function emit_block(start, lines, count, fenced_lang,    i, kind, first, text, in_command) {
  first = 0
  for (i = 1; i <= count; i++) if (lines[i] !~ /^[ \t]*$/) { first = i; break }
  if (first == 0) { n_markers = 0; return }
  if (lines[first] ~ /^\$ /) kind = "transcript"
  else if (fenced_lang ~ /^(sh|bash|shell|console)$/) kind = "commands"
  else { print "B\t" start " other"; print "E"; n_markers = 0; return }
  print "B\t" start " " kind
  flush_markers()
  in_command = 0
  for (i = first; i <= count; i++) {
    text = lines[i]
    if (in_command) {
      print "c\t" text
      in_command = (text ~ /\\$/)
      continue
    }
    if (kind == "transcript") {
      if (text ~ /^\$ /) {
        print "C\t" (start + i) " " substr(text, 3)
        in_command = (text ~ /\\$/)
      } else {
        print "O\t" text
      }
    } else if (text !~ /^[ \t]*(#.*)?$/) {
      print "C\t" (start + i) " " text
      in_command = (text ~ /\\$/)
    }
  }
  print "E"
}

BEGIN { fenced = 0; indented = 0; n_markers = 0; previous_blank = 1 }

{
  sub(/\r$/, "")
  line = $0
}

fenced {
  if (line ~ /^ *```/) {
    emit_block(block_start, block, n_block, block_lang)
    fenced = 0
    previous_blank = 0
  } else {
    block[++n_block] = substr(line, fence_indent + 1)
  }
  next
}

indented {
  if (line ~ /^    / || line ~ /^[ \t]*$/) {
    block[++n_block] = substr(line, 5)
    next
  }
  while (n_block > 0 && block[n_block] ~ /^[ \t]*$/) n_block--
  emit_block(block_start, block, n_block, "")
  indented = 0
  previous_blank = 0
  # and read this line as any other
}

line ~ /^ *```/ {
  fenced = 1
  n_block = 0
  block_start = NR
  match(line, /^ */)
  fence_indent = RLENGTH
  block_lang = line
  sub(/^ *```+ */, "", block_lang)
  sub(/[ \t].*$/, "", block_lang)
  next
}

previous_blank && line ~ /^    \$ / {
  indented = 1
  n_block = 1
  block_start = NR - 1
  block[1] = substr(line, 5)
  next
}

line ~ /^[ \t]*<!-- *docs-run:.*-->[ \t]*$/ {
  text = line
  sub(/^[ \t]*<!-- *docs-run: */, "", text)
  sub(/ *-->[ \t]*$/, "", text)
  markers[++n_markers] = text
  previous_blank = 1
  next
}

{
  if (line !~ /^[ \t]*$/) n_markers = 0
  previous_blank = (line ~ /^[ \t]*$/)
}

END {
  if (indented) {
    while (n_block > 0 && block[n_block] ~ /^[ \t]*$/) n_block--
    emit_block(block_start, block, n_block, "")
  }
  if (fenced) print "X\t" block_start " unclosed fence"
}
