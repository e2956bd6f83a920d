import type { InboxMessage } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function message(overrides: Partial<InboxMessage> = {}): InboxMessage {
  return { id: 1, title: 'Deposit credited', content: 'Your deposit of 250 USD was approved.', isRead: false, createTimestamp: 1_735_689_600, ...overrides };
}

/** An inbox that really changes: opening a message or marking all read flips `isRead`. */
function inboxServer(messages: InboxMessage[]) {
  saveSession({ token: 'tok', user: sampleUser() });
  const inbox = messages.map((item) => ({ ...item }));
  const unread = () => inbox.filter((item) => !item.isRead).length;
  return installFakeFetch({
    '/api/user/info': () => envelope(sampleUser()),
    '/userMessage/getMessage': () => envelope({ list: inbox, total: inbox.length, unread: unread(), pageNum: 1, pageSize: 20 }),
    '/userMessage/updateRead': (call) => {
      const id = (call.body as { id?: number }).id;
      for (const item of inbox) if (id === undefined || item.id === id) item.isRead = true;
      return envelope({ unread: unread() });
    },
    '/userMessage/7': () => {
      const found = inbox.find((item) => item.id === 7);
      if (found) found.isRead = true;
      return envelope(found);
    },
  });
}

describe('inbox', () => {
  it('lists messages newest first with an unread dot and the unread count', async () => {
    const server = inboxServer([message({ id: 7, title: 'Withdrawal paid out' }), message({ id: 6, isRead: true, title: 'Identity verified' })]);
    renderApp('/pages/notice/index');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Withdrawal paid out')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(second).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/pages/notice/detail?id=7');
    expect(screen.getByTestId('inbox-unread').textContent).toBe('1 unread');
    expect(server.callsTo('/userMessage/getMessage')[0]?.url).toContain('pageNum=1');
  });

  it('marks every message read', async () => {
    const server = inboxServer([message({ id: 7 }), message({ id: 6 })]);
    renderApp('/pages/notice/index');
    await screen.findByText('2 unread');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.callsTo('/userMessage/updateRead')[0]?.body).toEqual({}));
    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all read' }).disabled).toBe(true);
  });

  it('opening a message shows it and marks it read; back in the list its dot is gone', async () => {
    const server = inboxServer([message({ id: 7, title: 'Withdrawal paid out', content: 'Your withdrawal of 80 USD was paid out.' })]);
    const { router } = renderApp('/pages/notice/index');
    fireEvent.click(await screen.findByRole('link', { name: /Withdrawal paid out/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Withdrawal paid out' })).toBeTruthy();
    expect(screen.getByText('Your withdrawal of 80 USD was paid out.')).toBeTruthy();
    expect(server.callsTo('/userMessage/7')[0]?.method).toBe('GET');

    void router.navigate(-1);
    await screen.findByText('All caught up');
    expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull();
  });

  it('says so when the inbox is empty', async () => {
    inboxServer([]);
    renderApp('/pages/notice/index');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('shows the server message for a message that is not there', async () => {
    const server = inboxServer([]);
    server.on('/userMessage/99', () => envelope(null, 404, 'The URL does not exist'));
    renderApp('/pages/notice/detail?id=99');
    expect(await screen.findByText('The URL does not exist')).toBeTruthy();
  });
});
