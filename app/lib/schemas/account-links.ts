/** The forms of invitations and password resets, shared by browser and server. */
import { INVITATION_ROLES } from "../enums";
import { emailField, newPasswordField } from "./auth";
import { idSchema } from "./id";
import { z } from "./zod";

/** The Users tab's "Invite a user". */
export const inviteUserSchema = z.object({ email: emailField, role: z.enum(INVITATION_ROLES, "Choose a role") });

/** Resend and Revoke of a pending invitation. */
export const invitationIdSchema = z.object({ id: idSchema });

/** "Forgot password?": the account's e-mail. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The invitation and reset pages: a new password, typed twice. */
export const choosePasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string("Type the password again") })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match",
  });
