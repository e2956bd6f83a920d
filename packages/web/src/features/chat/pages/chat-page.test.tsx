import type { ChatHistory, ChatMessage } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function line(overrides: Partial<ChatMessage>): ChatMessage {
  return { id: 1, conversationId: 5, sender: 'user', text: 'Hello', imageUrl: null, createTimestamp: 1_735_689_600_000, ...overrides };
}

/** A support desk that keeps what is sent, answers history from it and counts reads. */
function chatServer(initial: ChatMessage[] = []) {
  const lines = [...initial];
  let unread = lines.filter((m) => m.sender === 'agent').length;
  const historyOf = (): ChatHistory => ({ conversationId: lines.length > 0 ? 5 : null, status: lines.length > 0 ? 'open' : null, unread, list: lines, hasMore: false });
  return installFakeFetch({
    '/api/user/info': () => envelope(sampleUser()),
    '/chat/history': () => envelope(historyOf()),
    '/chat/send': (call) => {
      const sent = line({ id: lines.length + 1, text: (call.body as { text: string }).text });
      lines.push(sent);
      return envelope(sent);
    },
    '/chat/read': () => {
      unread = 0;
      return envelope({ unread });
    },
  });
}

const thread = () => screen.findByRole('list', { name: 'Conversation with customer service' });

describe('customer service chat', () => {
  it('lets a visitor write under a visitor token, text only', async () => {
    installFakeWebSocket();
    const server = chatServer();
    renderApp('/pages/service/index');
    expect(await screen.findByTestId('chat-visitor-note')).toBeTruthy();
    expect(screen.queryByLabelText('Attach an image')).toBeNull();

    fireEvent.change(screen.getByLabelText('Write a message'), { target: { value: '  Can I open an account?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.callsTo('/chat/send')[0]?.body).toEqual({ text: 'Can I open an account?' }));
    const token = window.localStorage.getItem(StorageKey.chatVisitor);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.callsTo('/chat/send')[0]?.headers['x-visitor-token']).toBe(token);
    await within(await thread()).findByText('Can I open an account?');
  });

  it('claims the visitor conversation after login, shows answers pushed live and marks them read', async () => {
    window.localStorage.setItem(StorageKey.chatVisitor, 'v'.repeat(43));
    saveSession({ token: 'tok', user: sampleUser() });
    const ws = installFakeWebSocket();
    const server = chatServer([line({ id: 1, text: 'Asked as a visitor' })]);
    server.on('/chat/claim', () => envelope({ conversationId: 5, status: 'open', unread: 0, list: [], hasMore: false }));
    renderApp('/pages/service/index');
    await waitFor(() => expect(server.callsTo('/chat/claim')[0]?.body).toEqual({ visitorToken: 'v'.repeat(43) }));
    await within(await thread()).findByText('Asked as a visitor');
    expect(window.localStorage.getItem(StorageKey.chatVisitor)).toBeNull();
    expect(screen.getByLabelText('Attach an image')).toBeTruthy();

    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 1 });
    ws.latest()?.receive({ type: 'chat', message: line({ id: 2, sender: 'agent', text: 'Yes, from anywhere in the EU' }), unread: 1 });
    await within(await thread()).findByText('Yes, from anywhere in the EU');
    await waitFor(() => expect(server.callsTo('/chat/read')).toHaveLength(1));
  });
});
