import { Injectable, Logger } from '@nestjs/common';
import type { Role } from '@loadline/shared';

export interface InviteMessage {
  /** The address the inviter gave, if any. */
  to: string | null;
  organization: string;
  invitedBy: string | null;
  role: Role;
  url: string;
  expiresAt: Date;
}

/** How invitations leave the building. An SMTP transport implements this and replaces LogMailer. */
export interface Mailer {
  sendInvite(message: InviteMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');

/**
 * There is no mail server: the link is shown once to the inviter in the API answer, who
 * passes it on. The log records that an invitation was made, never the link: its token is a
 * credential (up to OWNER) and logs are read by more people than members are.
 */
@Injectable()
export class LogMailer implements Mailer {
  private readonly logger = new Logger('Mailer');

  async sendInvite(message: InviteMessage): Promise<void> {
    this.logger.log(
      { to: message.to, organization: message.organization, role: message.role, expiresAt: message.expiresAt.toISOString() },
      'invitation made (log mailer: no SMTP transport configured; the link was given to the inviter only)',
    );
  }
}
