// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormError, type SubmitOutcome } from '@/lib/forms/submit';
import { type FormNotices, formNotice } from '@/ui/form/form-notice';
import { type FormCheck, useFormSubmit } from '@/ui/form/use-form-submit';
import { useToastStore } from '@/ui/toast/toast-store';

const CONTACT: FormNotices = {
  sent: { title: 'Message sent', description: 'Thanks — we will get back to you shortly.' },
  failed: { title: 'Failed to send', description: 'Please try again.', reason: true },
};
const NEWSLETTER: FormNotices = {
  sent: { title: 'Subscribed', description: 'Thanks! You will receive occasional updates.' },
  failed: { title: 'Subscription failed', description: 'Please try again in a moment.' },
};
const INQUIRY: FormNotices = { sent: { title: 'Inquiry sent' }, failed: { title: 'Failed to send inquiry' } };

describe('the outcome of a form, as a toast', () => {
  it("a form that shows the server's reason shows it, else its fallback", () => {
    const fieldErrors = { message: 'HTML is not allowed; please send plain text.' };
    expect(
      formNotice({ kind: 'invalid', message: 'HTML is not allowed; please send plain text.', fieldErrors }, CONTACT),
    ).toEqual({
      title: 'Failed to send',
      description: 'HTML is not allowed; please send plain text.',
      destructive: true,
    });
    expect(formNotice({ kind: 'failed', message: '' }, CONTACT)).toEqual({
      title: 'Failed to send',
      description: 'Please try again.',
      destructive: true,
    });
  });

  it('a form with a fixed failure text keeps it, whatever the server said', () => {
    expect(formNotice({ kind: 'failed', message: 'boom' }, NEWSLETTER)).toEqual({
      title: 'Subscription failed',
      description: 'Please try again in a moment.',
      destructive: true,
    });
  });

  it('a failure with only a title has no description', () => {
    expect(formNotice({ kind: 'invalid', message: 'Email: bad', fieldErrors: { email: 'bad' } }, INQUIRY)).toEqual({
      title: 'Failed to send inquiry',
      destructive: true,
    });
  });
});

const toasts = () =>
  useToastStore.getState().toasts.map(({ title, description, destructive }) => ({ title, description, destructive }));

function setup(
  send: (input: string) => Promise<SubmitOutcome>,
  opts: { check?: (input: string) => FormCheck | undefined; notices?: FormNotices } = {},
) {
  const onDone = vi.fn();
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useFormSubmit({ send, notices: opts.notices ?? CONTACT, check: opts.check, onDone }), {
    wrapper,
  });
  return { hook, onDone };
}

afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.restoreAllMocks();
});

describe('submitting a form', () => {
  it('a sent form toasts its own success text and lets the form clear itself', async () => {
    const { hook, onDone } = setup(async () => ({ status: 'sent', response: {} }), { notices: NEWSLETTER });
    act(() => hook.result.current.submit('hello'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('hello', { status: 'sent', response: {} }));
    expect(toasts()).toEqual([
      { title: 'Subscribed', description: 'Thanks! You will receive occasional updates.', destructive: false },
    ]);
    expect(hook.result.current.sending).toBe(false);
  });

  it.each([
    ['contact', CONTACT],
    ['newsletter', NEWSLETTER],
  ])(
    'a %s form queued offline says the same words as every form, and still clears (the outbox holds what was typed)',
    async (_, notices) => {
      const { hook, onDone } = setup(async () => ({ status: 'queued' }), { notices });
      act(() => hook.result.current.submit('written offline'));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith('written offline', { status: 'queued' }));
      expect(toasts()).toEqual([
        {
          title: 'Saved offline',
          description: 'You are offline. It will be sent as soon as you are back online.',
          destructive: false,
        },
      ]);
    },
  );

  it('a form whose queued outcome differs says its own words (the viewing room opens only once sent)', async () => {
    const queued = { title: 'Saved offline', description: 'The viewing room opens as soon as you are back online.' };
    const { hook } = setup(async () => ({ status: 'queued' }), { notices: { ...NEWSLETTER, queued } });
    act(() => hook.result.current.submit('written offline'));
    await waitFor(() => expect(toasts()).toEqual([{ ...queued, destructive: false }]));
  });

  it("the server's field errors are kept for the fields, and the form keeps what was typed", async () => {
    const { hook, onDone } = setup(async () => {
      throw new FormError('Email: Please enter a valid email address.', 400, {
        email: 'Please enter a valid email address.',
      });
    });
    act(() => hook.result.current.submit('x'));
    await waitFor(() =>
      expect(hook.result.current.fieldErrors).toEqual({ email: 'Please enter a valid email address.' }),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(toasts()).toEqual([
      { title: 'Failed to send', description: 'Email: Please enter a valid email address.', destructive: true },
    ]);
  });

  it('field errors go when the visitor submits again', async () => {
    let fail = true;
    const { hook } = setup(async () => {
      if (fail) throw new FormError('bad', 400, { email: 'bad' });
      return { status: 'sent', response: {} };
    });
    act(() => hook.result.current.submit('x'));
    await waitFor(() => expect(hook.result.current.fieldErrors).toEqual({ email: 'bad' }));
    fail = false;
    act(() => hook.result.current.submit('y'));
    expect(hook.result.current.fieldErrors).toEqual({});
  });

  it("a form's new outcome replaces its last one: an old error does not stay beside the success", async () => {
    let fail = true;
    const { hook } = setup(
      async () => {
        if (fail) throw new FormError('Email: bad', 400, { email: 'bad' });
        return { status: 'sent', response: {} };
      },
      { notices: NEWSLETTER },
    );
    const other = setup(async () => ({ status: 'sent', response: {} }), { notices: CONTACT });
    act(() => other.hook.result.current.submit('hello'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    for (let i = 0; i < 2; i++) {
      act(() => hook.result.current.submit('x'));
      await waitFor(() => expect(hook.result.current.sending).toBe(false));
    }
    expect(toasts().map((t) => t.title)).toEqual(['Message sent', 'Subscription failed']);
    fail = false;
    act(() => hook.result.current.submit('me@example.com'));
    // another form's toast is its own; this form now says only that it worked
    await waitFor(() => expect(toasts().map((t) => t.title)).toEqual(['Message sent', 'Subscribed']));
  });

  it('any other failure toasts the failure and marks no field', async () => {
    const { hook, onDone } = setup(
      async () => {
        throw new FormError('boom', 500, {});
      },
      { notices: NEWSLETTER },
    );
    act(() => hook.result.current.submit('x'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toEqual([
      { title: 'Subscription failed', description: 'Please try again in a moment.', destructive: true },
    ]);
    expect(hook.result.current.fieldErrors).toEqual({});
    expect(onDone).not.toHaveBeenCalled();
  });

  it("the form's own check answers before anything is sent", async () => {
    const send = vi.fn(async () => ({ status: 'sent' as const, response: {} }));
    const { hook } = setup(send, {
      check: (v) =>
        v
          ? undefined
          : {
              notice: { title: 'Please enter your email address', destructive: true },
              fieldErrors: { email: 'Please enter your email address' },
            },
    });
    act(() => hook.result.current.submit(''));
    expect(send).not.toHaveBeenCalled();
    expect(hook.result.current.fieldErrors).toEqual({ email: 'Please enter your email address' });
    expect(toasts()).toEqual([{ title: 'Please enter your email address', description: undefined, destructive: true }]);
  });

  it('a check may ignore the submit silently', () => {
    const send = vi.fn(async () => ({ status: 'sent' as const, response: {} }));
    const { hook } = setup(send, { check: () => 'ignore' });
    act(() => hook.result.current.submit(''));
    expect(send).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('a second submit while one is sending is dropped', async () => {
    let release: (v: SubmitOutcome) => void = () => {};
    const send = vi.fn(() => new Promise<SubmitOutcome>((r) => (release = r)));
    const { hook, onDone } = setup(send);
    act(() => hook.result.current.submit('a'));
    await waitFor(() => expect(hook.result.current.sending).toBe(true));
    act(() => hook.result.current.submit('b'));
    release({ status: 'sent', response: {} });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
