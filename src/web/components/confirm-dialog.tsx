import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface ConfirmDialogProps {
  /** The question, e.g. "Are you sure you want to delete Drill?"; it names the dialog. */
  title: string;
  /** What confirming does, e.g. "Once deleted the data will be deleted forever." */
  body?: ReactNode;
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string;
  /** The confirming button's colour: red for what destroys (the default), primary otherwise. */
  confirmTone?: 'error' | 'primary';
  cancelLabel?: string;
  /** While the confirmed action runs: both buttons wait and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, or Escape: the owner stops rendering the dialog. */
  onCancel: () => void;
  /**
   * Where the focus goes when the dialog closes and the control that opened it is gone (the row
   * it deleted); by default it returns to that control.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal confirmation: open while rendered. A native <dialog> shown with showModal(), so the
 * page behind is inert and the dialog sits above everything; the focus moves to Cancel (the safe
 * choice) and back to the opener when it closes.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  confirmTone = 'error',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
  returnFocusTo,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    const fallback = returnFocusTo?.current;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target =
        opener instanceof HTMLElement && opener !== document.body && opener.isConnected
          ? opener
          : fallback;
      target?.focus();
    };
  }, [returnFocusTo]);

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      // Escape: the browser's own close would leave the owner thinking the dialog is still open.
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        cancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {body && (
          <div id={bodyId} className="pt-3">
            {body}
          </div>
        )}
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${confirmTone === 'error' ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
