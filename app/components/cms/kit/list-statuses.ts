/**
 * How the CMS lists show their rows' statuses: the labels of the filter and the badges, and the
 * badges' colours. Plain data, so the server's view mapping writes the same labels.
 */
import {
  CONTACT_STATUSES,
  MAIL_STATUSES,
  ORDER_STATUSES,
  type ContactStatus,
  type MailStatus,
  type OrderStatus,
} from "~/lib/enums";
import type { StatusStyle } from "./status-filter";

export const ORDER_STATUS_STYLE: StatusStyle<OrderStatus> = {
  statuses: ORDER_STATUSES,
  labels: {
    pending: "Pending",
    processing: "Processing",
    paid: "Paid",
    partially_refunded: "Partially refunded",
    refunded: "Refunded",
    failed: "Failed",
    expired: "Expired",
  },
  tones: {
    pending: "yellow",
    processing: "blue",
    paid: "green",
    partially_refunded: "blue",
    refunded: "gray",
    failed: "red",
    expired: "gray",
  },
};

/** SPEC.md section 4: new blue, in_progress yellow, resolved green, spam red. */
export const CONTACT_STATUS_STYLE: StatusStyle<ContactStatus> = {
  statuses: CONTACT_STATUSES,
  labels: { new: "New", in_progress: "In Progress", resolved: "Resolved", spam: "Spam" },
  tones: { new: "blue", in_progress: "yellow", resolved: "green", spam: "red" },
};

export const MAIL_STATUS_STYLE: StatusStyle<MailStatus> = {
  statuses: MAIL_STATUSES,
  labels: { pending: "Pending", sent: "Sent", failed: "Failed" },
  tones: { pending: "yellow", sent: "green", failed: "red" },
};
