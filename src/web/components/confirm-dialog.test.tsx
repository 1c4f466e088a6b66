import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface HarnessProps {
  onConfirm?: () => void;
  busy?: boolean;
  /** Confirming removes the opener, as deleting a row does. */
  confirmRemovesOpener?: boolean;
}

function Harness({ onConfirm = () => undefined, busy, confirmRemovesOpener }: HarnessProps) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Products
      </h1>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Delete Drill
        </button>
      )}
      {open && (
        <ConfirmDialog
          title="Are you sure you want to delete Drill?"
          body="Once deleted the data will be deleted forever."
          confirmLabel="Delete"
          busy={busy}
          returnFocusTo={headingRef}
          onConfirm={() => {
            onConfirm();
            if (confirmRemovesOpener) setOpenerShown(false);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

async function openDialog(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Delete Drill' }));
  return { user, dialog: screen.getByRole('dialog') };
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its question and described by its text', async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveAccessibleName('Are you sure you want to delete Drill?');
    expect(dialog).toHaveAccessibleDescription('Once deleted the data will be deleted forever.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('closes with Cancel and gives the focus back to the opener', async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog({ onConfirm });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Drill' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes with Escape', async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog({ onConfirm });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Drill' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms, and sends the focus elsewhere when the opener is gone', async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog({ onConfirm, confirmRemovesOpener: true });

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products' })).toHaveFocus();
  });

  it('waits while busy: both buttons disabled and Escape ignored', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete Drill' }));
    rerender(<Harness busy />);

    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const keyDown = new KeyboardEvent('keydown', {
      key: 'Escape',
      bubbles: true,
      cancelable: true,
    });
    screen.getByRole('dialog').dispatchEvent(keyDown);

    expect(keyDown.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
