/** The Users tab's and the account page's forms, shared by browser and server. */
import { z } from "./zod";
import { USER_ROLES } from "../enums";
import { emailField, newPasswordField } from "./auth";
import { idSchema } from "./id";

export const newUserSchema = z.object({
  email: emailField,
  password: newPasswordField,
  role: z.enum(USER_ROLES, "Choose a role"),
});

export const changeRoleSchema = z.object({ id: idSchema, role: z.enum(USER_ROLES, "Choose a role") });
export const resetPasswordSchema = z.object({ id: idSchema, password: newPasswordField });
export const userIdSchema = z.object({ id: idSchema });

export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords do not match",
  });
