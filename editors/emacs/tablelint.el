;;; tablelint.el --- tablelint language server for eglot and lsp-mode  -*- lexical-binding: t; -*-

;; Version: 0.1
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, tools
;; URL: https://github.com/tablelint/tablelint

;;; Commentary:

;; Runs `tablelint lsp' (diagnostics, completion of reuse identifiers, hover, definition, symbols) for Swift
;; buffers and for storyboards and xibs, which open in nXML-derived modes.
;;
;;   (add-to-list 'load-path "/path/to/tablelint/editors/emacs")
;;   (require 'tablelint)
;;   (add-hook 'swift-mode-hook #'eglot-ensure)          ; eglot (Emacs 29+, or elpa-eglot on Emacs 28)
;;   (add-hook 'tablelint-storyboard-mode-hook #'eglot-ensure)
;;   (add-hook 'tablelint-xib-mode-hook #'eglot-ensure)
;;
;; or, with lsp-mode, `lsp-deferred' in the same hooks.  tablelint is registered as an lsp-mode add-on client,
;; so it runs next to sourcekit-lsp; eglot runs one server per buffer, so with eglot tablelint replaces
;; sourcekit-lsp in Swift buffers unless `tablelint-eglot-modes' leaves `swift-mode' out.

;;; Code:

(require 'nxml-mode)
(require 'seq)

(defgroup tablelint nil
  "The tablelint language server."
  :group 'tools
  :prefix "tablelint-")

(defcustom tablelint-executable "tablelint"
  "The tablelint executable: a name on `exec-path' or an absolute path."
  :type 'string)

(defcustom tablelint-arguments '("lsp")
  "Arguments that start the language server."
  :type '(repeat string))

(defcustom tablelint-eglot-modes '(swift-mode tablelint-storyboard-mode tablelint-xib-mode)
  "Major modes eglot runs tablelint for (set before loading tablelint)."
  :type '(repeat symbol))

(defcustom tablelint-project-markers '("Package.swift" "*.xcodeproj" "*.xcworkspace" ".tablelint.yml")
  "Files (globs allowed) marking the project root of tablelint's buffers.
The nearest directory above a Swift, storyboard or xib buffer that holds
one is its project.  When none is found, project.el decides (usually the
version-control root).  Nil turns this off."
  :type '(repeat string))

(defun tablelint-server-command ()
  "The command line of the language server."
  (cons tablelint-executable tablelint-arguments))

;;;; Storyboards and xibs: XML buffers of their own modes, so that servers can be chosen for them.

;;;###autoload
(define-derived-mode tablelint-storyboard-mode nxml-mode "Storyboard"
  "Major mode for Interface Builder storyboards (nXML).")

;;;###autoload
(define-derived-mode tablelint-xib-mode nxml-mode "XIB"
  "Major mode for Interface Builder xibs (nXML).")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.storyboard\\'" . tablelint-storyboard-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.xib\\'" . tablelint-xib-mode))

;;;; Project root: the nearest Package.swift / *.xcodeproj rather than the repository.

(defun tablelint--relevant-buffer-p ()
  (and buffer-file-name
       (string-match-p "\\.\\(swift\\|storyboard\\|xib\\)\\'" buffer-file-name)))

(defun tablelint--marker-in-p (dir)
  (seq-some (lambda (marker)
              (if (string-match-p "[*?[]" marker)
                  (file-expand-wildcards (expand-file-name marker dir))
                (file-exists-p (expand-file-name marker dir))))
            tablelint-project-markers))

(defun tablelint-project-find (dir)
  "A `project-find-functions' entry for Swift, storyboard and xib buffers.
The project is the nearest directory above DIR holding one of
`tablelint-project-markers'."
  (when (and tablelint-project-markers (tablelint--relevant-buffer-p))
    (let ((root (locate-dominating-file dir #'tablelint--marker-in-p)))
      (when root (cons 'transient (expand-file-name root))))))

(with-eval-after-load 'project
  (add-hook 'project-find-functions #'tablelint-project-find))

;;;; eglot

(defvar eglot-server-programs)

(defun tablelint--language-id (mode)
  (pcase mode
    ('tablelint-storyboard-mode "storyboard")
    ('tablelint-xib-mode "xib")
    ('swift-mode "swift")
    (_ (replace-regexp-in-string "\\(?:-ts\\)?-mode\\'" "" (symbol-name mode)))))

(defun tablelint--eglot-contact (&optional _interactive)
  (tablelint-server-command))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               (cons (mapcar (lambda (mode) (list mode :language-id (tablelint--language-id mode)))
                             tablelint-eglot-modes)
                     #'tablelint--eglot-contact)))

;;;; lsp-mode

(declare-function lsp-register-client "ext:lsp-mode")
(declare-function make-lsp-client "ext:lsp-mode")
(declare-function lsp-stdio-connection "ext:lsp-mode")
(defvar lsp-language-id-configuration)

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(tablelint-storyboard-mode . "storyboard"))
  (add-to-list 'lsp-language-id-configuration '(tablelint-xib-mode . "xib"))
  (add-to-list 'lsp-language-id-configuration '("\\.storyboard\\'" . "storyboard"))
  (add-to-list 'lsp-language-id-configuration '("\\.xib\\'" . "xib"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'tablelint-server-command)
    :activation-fn (lambda (file-name _mode)
                     (and file-name (string-match-p "\\.\\(swift\\|storyboard\\|xib\\)\\'" file-name)))
    :add-on? t
    :priority -1
    :server-id 'tablelint)))

(provide 'tablelint)
;;; tablelint.el ends here
