;;; test.el --- end-to-end test of editors/emacs with a real eglot  -*- lexical-binding: t; -*-

;; emacs --batch -l editors/tests/emacs/test.el
;; Environment: TABLELINT (the binary), TABLELINT_EDITORS (the editors/ directory), TABLELINT_FIXTURE.
;; Opens the fixture's Swift file and storyboard with eglot (started by `eglot-ensure', configured by
;; tablelint.el), waits for tablelint's diagnostics, completes inside `withIdentifier: "' (through eglot's
;; completion-at-point function and a direct textDocument/completion request) and exits 1 on any failure.

(require 'cl-lib)
(require 'subr-x)

(defvar tablelint-test-failures 0)
(defvar tablelint-test-timeout (string-to-number (or (getenv "TABLELINT_WAIT_SECONDS") "30")))

(defun tablelint-test-log (format-string &rest args)
  (princ (concat "emacs: " (apply #'format format-string args) "\n") #'external-debugging-output))

(defun tablelint-test-check (ok description)
  (if ok
      (tablelint-test-log "ok   %s" description)
    (cl-incf tablelint-test-failures)
    (tablelint-test-log "FAIL %s" description))
  ok)

(defun tablelint-test-wait (predicate)
  "Process events until PREDICATE returns non-nil or the timeout passes; return its value."
  (let ((deadline (+ (float-time) tablelint-test-timeout))
        value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    value))

(defun tablelint-test-env (name)
  (or (getenv name) (error "%s is not set" name)))

(defvar tablelint-test-editors (file-name-as-directory (tablelint-test-env "TABLELINT_EDITORS")))
(defvar tablelint-test-fixture (file-name-as-directory (tablelint-test-env "TABLELINT_FIXTURE")))

;; swift-mode is not part of Emacs (MELPA's swift-mode); a stand-in when it is missing.
(unless (locate-library "swift-mode")
  (define-derived-mode swift-mode prog-mode "Swift" "Stand-in for MELPA's swift-mode.")
  (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode)))

(add-to-list 'load-path (expand-file-name "emacs" tablelint-test-editors))
(require 'eglot)
(require 'tablelint)
(setq tablelint-executable (tablelint-test-env "TABLELINT"))
(setq eglot-sync-connect tablelint-test-timeout
      eglot-connect-timeout tablelint-test-timeout
      eglot-autoshutdown nil)
(add-hook 'swift-mode-hook #'eglot-ensure)
(add-hook 'tablelint-storyboard-mode-hook #'eglot-ensure)

(defun tablelint-test-open (file)
  "Visit FILE and connect eglot as `eglot-ensure' does after a command."
  (let ((buffer (find-file-noselect (expand-file-name file tablelint-test-fixture))))
    (set-buffer buffer)
    ;; `eglot-ensure' connects from `post-command-hook', which batch mode never runs.
    (run-hooks 'post-command-hook)
    (tablelint-test-wait (lambda () (with-current-buffer buffer (eglot-current-server))))
    buffer))

(defun tablelint-test-diagnostic-texts (buffer)
  (with-current-buffer buffer
    (delete-dups
     (mapcar #'flymake-diagnostic-text
             (append (and (bound-and-true-p flymake-mode) (flymake-diagnostics)) eglot--diagnostics)))))

(defun tablelint-test-has-rule (buffer rule)
  (cl-some (lambda (text) (string-match-p (regexp-quote (format "[%s]" rule)) text))
           (tablelint-test-diagnostic-texts buffer)))

(defun tablelint-test-run ()
  (tablelint-test-log "Emacs %s, eglot %s" emacs-version
                      (or (ignore-errors (package-get-version)) (locate-library "eglot")))
  ;; 1. The Swift file.
  (let* ((swift (tablelint-test-open "App/FeedViewController.swift"))
         (server (with-current-buffer swift (eglot-current-server))))
    (tablelint-test-check (eq (buffer-local-value 'major-mode swift) 'swift-mode) "the Swift file is in swift-mode")
    (when (tablelint-test-check server "eglot connected to a server for the Swift buffer")
      (tablelint-test-check (equal (process-command (jsonrpc--process server))
                                   (list tablelint-executable "lsp"))
                            (format "the server command is %S" (process-command (jsonrpc--process server))))
      (let ((root (expand-file-name (project-root (eglot--project server)))))
        (tablelint-test-check (equal (file-name-as-directory root) tablelint-test-fixture)
                              (format "the project root is the fixture (%s)" root))))
    (tablelint-test-check (tablelint-test-wait (lambda () (tablelint-test-has-rule swift "unregistered_reuse_identifier")))
                          (format "Swift diagnostics include unregistered_reuse_identifier: %S"
                                  (tablelint-test-diagnostic-texts swift)))
    ;; 2. Completion inside `withIdentifier: "' on the line dequeuing "Comment".
    (with-current-buffer swift
      (goto-char (point-min))
      (search-forward "withIdentifier: \"Comment")
      (backward-char (length "Comment"))
      (let* ((capf (eglot-completion-at-point))
             (labels (and capf (all-completions "" (nth 2 capf)))))
        (tablelint-test-check (and (member "Photo" labels) (member "Banner" labels))
                              (format "completion-at-point at %d:%d offers Photo and Banner: %S"
                                      (line-number-at-pos) (current-column) labels)))
      (let* ((response (jsonrpc-request server :textDocument/completion (eglot--CompletionParams)
                                        :timeout tablelint-test-timeout))
             (items (if (vectorp response) response (plist-get response :items)))
             (labels (mapcar (lambda (item) (plist-get item :label)) items)))
        (tablelint-test-check (and (member "Photo" labels) (member "Banner" labels))
                              (format "textDocument/completion offers Photo and Banner: %S" labels))))
    ;; 3. The storyboard: its mode, the same server, its diagnostic.
    (let ((storyboard (tablelint-test-open "App/Base.lproj/Main.storyboard")))
      (tablelint-test-check (eq (buffer-local-value 'major-mode storyboard) 'tablelint-storyboard-mode)
                            (format "the storyboard is in tablelint-storyboard-mode (%s)"
                                    (buffer-local-value 'major-mode storyboard)))
      (tablelint-test-check (with-current-buffer storyboard (derived-mode-p 'nxml-mode)) "the storyboard's mode is an nXML mode")
      (tablelint-test-check (eq (with-current-buffer storyboard (eglot-current-server)) server)
                            "the storyboard shares the Swift buffer's server")
      (tablelint-test-check (tablelint-test-wait (lambda () (tablelint-test-has-rule storyboard "prototype_without_reuse_identifier")))
                            (format "storyboard diagnostics include prototype_without_reuse_identifier: %S"
                                    (tablelint-test-diagnostic-texts storyboard))))
    (when server
      (ignore-errors (let ((eglot-autoreconnect nil)) (eglot-shutdown server nil tablelint-test-timeout))))))

(condition-case err
    (tablelint-test-run)
  (error (cl-incf tablelint-test-failures)
         (tablelint-test-log "FAIL error: %S" err)))
(tablelint-test-log (if (zerop tablelint-test-failures) "all checks passed"
                      (format "%d check(s) failed" tablelint-test-failures)))
(kill-emacs (if (zerop tablelint-test-failures) 0 1))

;;; test.el ends here
