" xib files are Interface Builder XML: XML indentation.
if exists('b:did_indent')
  finish
endif
runtime! indent/xml.vim
