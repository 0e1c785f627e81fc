" xib files are Interface Builder XML: XML's filetype plugin (comments, matchit pairs).
if exists('b:did_ftplugin')
  finish
endif
runtime! ftplugin/xml.vim ftplugin/xml_*.vim ftplugin/xml/*.vim
