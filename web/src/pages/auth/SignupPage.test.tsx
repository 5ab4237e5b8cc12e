import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { SignupPage } from './SignupPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const noSession = () =>
  new Response(JSON.stringify({ status: 401, message: 'You are not signed in.' }), { status: 401 });

describe('SignupPage', () => {
  it("says 'Passwords do not match!' as the user types, and why the button is disabled", async () => {
    vi.stubGlobal('fetch', jsonFetch({ 'POST users/refresh': noSession }));
    const user = userEvent.setup();
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button.getAttribute('aria-describedby')).toBe('signup-why');
    expect(screen.getByText('Fill in all four fields to sign up.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'mina@example.com');
    await user.type(screen.getByLabelText('First Name'), 'Mina');
    await user.type(screen.getByLabelText('Password', { selector: '#signup-password' }), 'a long secret');
    await user.type(screen.getByLabelText('Repeat the password', { selector: 'input' }), 'a long secre');
    expect(screen.getByText('Passwords do not match!')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Repeat the password', { selector: 'input' }), 't');
    expect(screen.queryByText('Passwords do not match!')).toBeNull();
    expect(screen.queryByText('Fill in all four fields to sign up.')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends someone already signed in to their dashboard', async () => {
    vi.stubGlobal('fetch', jsonFetch({ 'POST users/refresh': () => new Response('alice') }));
    renderPage(<SignupPage />, { path: '/signup', at: '/signup' });
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeTruthy());
  });
});
