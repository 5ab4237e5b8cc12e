import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { ConfirmProvider, useConfirm } from './ConfirmDialog.tsx';
import { Dialog } from './Dialog.tsx';
import { ToastProvider } from './Toast.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Reassign"
        actions={
          <Button variant="primary" data-autofocus onClick={() => setOpen(false)}>
            Done
          </Button>
        }
      >
        <p>Choose students.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal labelled by its title, focuses the marked action, and gives focus back on close', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Reassign' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape (the cancel event) through onClose', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function Asker({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
  const confirm = useConfirm();
  return <Button onClick={() => void confirm('Are you sure to submit?').then(onAnswer)}>Submit</Button>;
}

describe('ConfirmDialog (on the kit Dialog)', () => {
  it('answers true on OK, false on Cancel and on Escape, with the question as its label', async () => {
    const answers: boolean[] = [];
    render(
      <ToastProvider>
        <ConfirmProvider>
          <Asker onAnswer={(ok) => answers.push(ok)} />
        </ConfirmProvider>
      </ToastProvider>,
    );
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    // The dialog's code loads with the first confirm.
    expect(await screen.findByRole('dialog', { name: 'Are you sure to submit?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(submit);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    expect(answers).toEqual([true, false, false]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
