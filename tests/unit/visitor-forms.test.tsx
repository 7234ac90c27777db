// @vitest-environment jsdom
// Every visitor form shows the server's field errors at its fields and keeps what was typed
// when it fails; when it is sent it clears (the viewing-room gate instead opens the room). The
// send functions are replaced; the forms, the shared submit hook and the toasts are real.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '@/features/contact/components/ContactForm';
import { NotifyForm } from '@/features/drop/components/NotifyForm';
import { ExhibitionSignup } from '@/features/exhibition/components/ExhibitionSignup';
import { NewsletterForm } from '@/features/newsletter/components/NewsletterForm';
import { EntryForm } from '@/features/viewing-room/components/EntryForm';
import { InquiryForm } from '@/features/viewing-room/components/InquiryForm';
import { hasRoomAccess, readRoomPass } from '@/features/viewing-room/model/access';
import { FormError, sendContact, subscribeNewsletter } from '@/lib/forms/submit';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { useToastStore } from '@/ui/toast/toast-store';

vi.mock('@/lib/forms/submit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/forms/submit')>()),
  subscribeNewsletter: vi.fn(),
  sendContact: vi.fn(),
}));

const artwork = { id: 'a1', slug: 'red-room', title: 'Red Room', year: 2024 } as ArtworksRecord;

interface Case {
  name: string;
  form: () => ReactElement;
  send: typeof subscribeNewsletter | typeof sendContact;
  /** label → value typed before submitting */
  fill: Record<string, string>;
  /** the server's field (as it names it) and the label of the field that shows it */
  refuse: { field: string; label: string };
  /** once sent: the field that is emptied, or (the viewing-room gate) the room opens */
  sent: { clears: string } | { opensRoom: true };
  /** the server's answer to a send */
  answer?: unknown;
}

/** A room pass as the server issues one with a viewing-room sign-up. */
const PASS = {
  token: `${'a'.repeat(15)}.${Math.floor(Date.now() / 1000) + 90 * 86400}.${'b'.repeat(64)}`,
  expiresAt: new Date(Date.now() + 90 * 86400_000).toISOString(),
};

const CASES: Case[] = [
  {
    name: 'newsletter (home)',
    form: () => <NewsletterForm source="home" label="Stay Connected" />,
    send: subscribeNewsletter,
    fill: { 'Email address': 'ana@example.com' },
    refuse: { field: 'email', label: 'Email address' },
    sent: { clears: 'Email address' },
  },
  {
    name: 'contact',
    form: () => <ContactForm />,
    send: sendContact,
    fill: { Name: 'Ana', Email: 'ana@example.com', Message: '<b>hi</b>' },
    refuse: { field: 'message', label: 'Message' },
    sent: { clears: 'Message' },
  },
  {
    name: 'viewing-room entry',
    form: () => <EntryForm artworkSlug="red-room" />,
    send: subscribeNewsletter,
    fill: { 'First name': 'Ana', 'Last name': 'Berg', Email: 'ana@example.com' },
    refuse: { field: 'email', label: 'Email' },
    sent: { opensRoom: true },
    answer: { ok: true, room: PASS },
  },
  {
    name: 'artwork inquiry',
    form: () => <InquiryForm artwork={artwork} />,
    send: sendContact,
    fill: { 'First name': 'Ana', 'Last name': 'Berg', Email: 'ana@example.com', 'Phone (optional)': 'call me maybe' },
    refuse: { field: 'phone', label: 'Phone (optional)' },
    sent: { clears: 'Phone (optional)' },
  },
  {
    name: 'drop notify-me',
    form: () => <NotifyForm dropSlug="print-drop" />,
    send: subscribeNewsletter,
    fill: { 'Email address': 'ana@example.com' },
    refuse: { field: 'email', label: 'Email address' },
    sent: { clears: 'Email address' },
  },
  {
    name: 'exhibition sign-up',
    form: () => <ExhibitionSignup exhibitionSlug="in-the-hollow" />,
    send: subscribeNewsletter,
    fill: { 'Name (optional)': 'Ana', Email: 'ana@example.com' },
    refuse: { field: 'email', label: 'Email' },
    sent: { clears: 'Email' },
  },
];

/** The forms link the privacy policy: a router to resolve the link, and no route of it rendered. */
function renderForm(form: ReactElement) {
  const client = new QueryClient();
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterContextProvider router={router as never}>{form}</RouterContextProvider>
    </QueryClientProvider>,
  );
}

const typed = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function fillAndSubmit(fill: Record<string, string>) {
  for (const [label, value] of Object.entries(fill))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const field = screen.getByLabelText(Object.keys(fill)[0]!);
  fireEvent.submit(field.closest('form')!);
}

afterEach(() => {
  useToastStore.setState({ toasts: [] });
  vi.mocked(subscribeNewsletter).mockReset();
  vi.mocked(sendContact).mockReset();
  localStorage.clear();
});

describe.each(CASES)('the $name form', ({ form, send, fill, refuse, sent, answer = {} }) => {
  it("shows the server's field error at its field and keeps everything typed", async () => {
    const reason = `The server does not accept this ${refuse.field}.`;
    vi.mocked(send).mockRejectedValue(new FormError(reason, 400, { [refuse.field]: reason }));
    renderForm(form());
    fillAndSubmit(fill);
    const field = screen.getByLabelText(refuse.label);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(reason);
    for (const [label, value] of Object.entries(fill)) expect(typed(label)).toBe(value);
    expect(useToastStore.getState().toasts.at(-1)?.destructive).toBe(true);
  });

  it('once sent, it clears (the viewing-room gate opens the room instead)', async () => {
    vi.mocked(send).mockResolvedValue({ status: 'sent', response: answer });
    renderForm(form());
    fillAndSubmit(fill);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    if ('clears' in sent) expect(typed(sent.clears)).toBe('');
    else {
      // the gate keeps what was typed for the next visit and opens the room with the server's pass
      expect(readRoomPass()).toEqual(PASS);
      for (const [label, value] of Object.entries(fill)) expect(typed(label)).toBe(value);
    }
  });
});

describe('the viewing-room gate', () => {
  const enter = () => {
    renderForm(<EntryForm artworkSlug="red-room" />);
    fillAndSubmit({ 'First name': 'Ana', 'Last name': 'Berg', Email: 'ana@example.com' });
  };

  it('does not say "Access granted" when the answer brings no pass; the room stays closed', async () => {
    vi.mocked(subscribeNewsletter).mockResolvedValue({ status: 'sent', response: { ok: true } });
    enter();
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Failed to submit', destructive: true });
    expect(hasRoomAccess()).toBe(false);
  });

  it('saved offline, it says the room opens once online, and stays closed until then', async () => {
    vi.mocked(subscribeNewsletter).mockResolvedValue({ status: 'queued' });
    enter();
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Saved offline',
      description: 'The viewing room opens as soon as you are back online.',
    });
    expect(hasRoomAccess()).toBe(false);
    expect(localStorage.getItem('viewing_room_first_name')).toBe('Ana');
  });
});
