/** An item the OneDrive File Picker v8 returns in its `pick` command. */
export interface PickedItem {
  id: string;
  name?: string;
  size?: number;
  parentReference?: { driveId?: string };
}

interface PickerCommand {
  command: 'authenticate' | 'pick' | 'close' | string;
  items?: PickedItem[];
  resource?: string;
}

type PickerMessage =
  | { type: 'notification'; data?: unknown }
  | { type: 'command'; id: string; data: PickerCommand };

/**
 * Hosts Microsoft's OneDrive File Picker v8 in an iframe: the picker page is opened by a form
 * POST carrying the first token (never in the URL), then talks over a MessageChannel it hands over
 * in an `initialize` message — `authenticate` (we answer with a token), `pick` (the chosen items)
 * and `close`. Resolves with the picked items, or [] when the user closes the picker.
 */
export function openFilePicker(options: {
  pickerUrl: string;
  frame: HTMLIFrameElement;
  token: string;
  tokenFor: (resource: string) => Promise<string>;
  signal: AbortSignal;
}): Promise<PickedItem[]> {
  const channelId = crypto.randomUUID();
  const settings = {
    sdk: '8.0',
    entry: { oneDrive: { files: {} } },
    authentication: {},
    messaging: { origin: window.location.origin, channelId },
    selection: { mode: 'multiple' },
    typesAndSources: { mode: 'files', pivots: { oneDrive: true, recent: true } },
  };
  const url = new URL(options.pickerUrl);
  url.searchParams.set('filePicker', JSON.stringify(settings));
  const pickerOrigin = url.origin;

  return new Promise<PickedItem[]>((resolve, reject) => {
    let port: MessagePort | null = null;
    const finish = (items: PickedItem[] | Error) => {
      window.removeEventListener('message', onWindowMessage);
      port?.close();
      if (items instanceof Error) reject(items);
      else resolve(items);
    };
    const onPortMessage = async (event: MessageEvent<PickerMessage>) => {
      const message = event.data;
      if (message.type !== 'command') return;
      port?.postMessage({ type: 'acknowledge', id: message.id });
      const command = message.data;
      if (command.command === 'authenticate') {
        try {
          const token = await options.tokenFor(command.resource ?? '');
          port?.postMessage({ type: 'result', id: message.id, data: { result: 'token', token } });
        } catch {
          port?.postMessage({
            type: 'result',
            id: message.id,
            data: { result: 'error', error: { code: 'unableToObtainToken', message: 'No token' } },
          });
        }
      } else if (command.command === 'pick') {
        port?.postMessage({ type: 'result', id: message.id, data: { result: 'success' } });
        finish(command.items ?? []);
      } else if (command.command === 'close') {
        finish([]);
      } else {
        port?.postMessage({
          type: 'result',
          id: message.id,
          data: { result: 'error', error: { code: 'unsupportedCommand', message: command.command } },
        });
      }
    };
    const onWindowMessage = (event: MessageEvent<{ type?: string; channelId?: string }>) => {
      if (event.origin !== pickerOrigin || event.source !== options.frame.contentWindow) return;
      if (event.data?.type !== 'initialize' || event.data.channelId !== channelId) return;
      port = event.ports[0] ?? null;
      if (!port) return;
      port.addEventListener('message', (e) => void onPortMessage(e as MessageEvent<PickerMessage>));
      port.start();
      port.postMessage({ type: 'activate' });
    };
    window.addEventListener('message', onWindowMessage);
    options.signal.addEventListener('abort', () => finish([]));

    const form = document.createElement('form');
    form.method = 'POST';
    form.action = url.href;
    form.target = options.frame.name;
    form.hidden = true;
    const token = document.createElement('input');
    token.type = 'hidden';
    token.name = 'access_token';
    token.value = options.token;
    form.append(token);
    document.body.append(form);
    form.submit();
    form.remove();
  });
}
