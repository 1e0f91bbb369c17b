# embed.cmake -DIN=page.html -DOUT=view_page.c: the page as a C array, so
# that the library writes it without reading any file at run time.
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" body "${body}")
file(WRITE ${OUT} "/* generated from view/page.html by view/embed.cmake */\n"
     "#include <stddef.h>\n"
     "extern const char view_page_template[];\n"
     "extern const size_t view_page_template_len;\n"
     "const char view_page_template[] = {\n${body}0x00 };\n"
     "const size_t view_page_template_len = ${bytes};\n")
