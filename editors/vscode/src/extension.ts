// The tablelint extension: runs `tablelint lsp` for Swift, storyboard and xib files through vscode-languageclient.
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

function serverOptions(): ServerOptions {
  const config = vscode.workspace.getConfiguration('tablelint');
  const command = config.get<string>('path', 'tablelint') || 'tablelint';
  const args = config.get<string[]>('arguments', ['lsp']);
  // The same command to run and to debug; stdio is the server's only transport.
  return {
    run: { command, args, transport: TransportKind.stdio },
    debug: { command, args, transport: TransportKind.stdio },
  };
}

const clientOptions: LanguageClientOptions = {
  documentSelector: [
    { scheme: 'file', language: 'swift' },
    { scheme: 'file', language: 'storyboard' },
    { scheme: 'file', language: 'xib' },
  ],
  // The server registers its own file watchers (workspace/didChangeWatchedFiles) when the client allows it.
  outputChannelName: 'tablelint',
};

async function start(): Promise<void> {
  client = new LanguageClient('tablelint', 'tablelint', serverOptions(), clientOptions);
  try {
    await client.start();
  } catch (error) {
    const path = vscode.workspace.getConfiguration('tablelint').get<string>('path', 'tablelint');
    void vscode.window.showErrorMessage(
      `tablelint: could not start '${path} lsp' (${String(error)}). Set "tablelint.path" to the executable.`
    );
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('tablelint.restartServer', async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('tablelint.path') || event.affectsConfiguration('tablelint.arguments')) {
        await stop();
        await start();
      }
    })
  );
  await start();
}

export function deactivate(): Thenable<void> | undefined {
  return client ? stop() : undefined;
}
