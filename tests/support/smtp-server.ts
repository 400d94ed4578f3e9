import { createServer, type Server } from 'node:net';

/**
 * A minimal SMTP server on the loopback address: enough of RFC 5321 for nodemailer to hand over a
 * message (EHLO, MAIL, RCPT, DATA, QUIT), recording what it received.
 */
export function smtpServer(received: string[]): Server {
  return createServer((sock) => {
    sock.write('220 test ESMTP\r\n');
    let buffer = '';
    let data: string[] | null = null;
    sock.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\n'));
            data = null;
            sock.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') sock.write('250 test\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') sock.write('250 ok\r\n');
        else if (verb === 'DATA') {
          data = [];
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          sock.write('221 bye\r\n');
          sock.end();
        } else sock.write('502 not implemented\r\n');
      }
    });
    sock.on('error', () => undefined);
  });
}
