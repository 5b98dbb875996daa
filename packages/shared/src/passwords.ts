import { z } from 'zod';
import { passwordSchema } from './accounts.js';

/** How long a password reset link lives (minutes): it is handed over by a person, not a mailbox. */
export const PASSWORD_RESET_MINUTES = 60;

/**
 * A signed-in person changes their password: the current one proves it is them (a session
 * left open on someone else's screen is not enough). The new one follows the sign-up rule,
 * checked again with the person's name and e-mail by the API.
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A member chooses a new password through a reset link (the token in the path is the credential). */
export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const passwordResetViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The account the link is for. */
  email: z.string(),
  expiresAt: z.string(),
});
export type PasswordResetView = z.infer<typeof passwordResetViewSchema>;

/** The answer to issuing a reset link: the token (and link) are shown once; only a hash is kept. */
export const issuedPasswordResetSchema = z.object({ reset: passwordResetViewSchema, token: z.string(), url: z.string() });
export type IssuedPasswordReset = z.infer<typeof issuedPasswordResetSchema>;

/** What a reset link shows before it is used (no login needed). */
export const passwordResetPreviewSchema = z.object({
  email: z.string(),
  organization: z.object({ name: z.string() }),
  expiresAt: z.string(),
});
export type PasswordResetPreview = z.infer<typeof passwordResetPreviewSchema>;
