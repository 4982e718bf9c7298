import type * as React from "react";
import type { ContactPage } from "~/content/types";
import { Icon } from "~/components/ui/icon";

/** The company's contact details from the site settings: e-mails, phones, offices and hours. */
export interface ContactDetailsData {
  emails: string[];
  phones: string[];
  offices: { label: string; address: string }[];
  hours: string[];
}

/** The side column of /contact: how else to reach the company, and when. */
export function ContactDetails({ page, details }: { page: ContactPage; details: ContactDetailsData }) {
  return (
    <aside aria-labelledby="contact-details-heading" className="space-y-8">
      <h2 id="contact-details-heading" className="text-2xl font-bold tracking-tight">
        {page.details.title}
      </h2>
      <DetailBlock icon={<Icon name="mail" className="size-5" />} heading={page.details.emailHeading}>
        {details.emails.map((email) => (
          <li key={email}>
            <a href={`mailto:${email}`} className="text-primary underline-offset-4 hover:underline">
              {email}
            </a>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<Icon name="phone" className="size-5" />} heading={page.details.phoneHeading}>
        {details.phones.map((phone) => (
          <li key={phone}>
            <a
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
              className="whitespace-nowrap text-primary underline-offset-4 hover:underline"
            >
              {phone}
            </a>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<Icon name="map-pin" className="size-5" />} heading={page.details.officesHeading}>
        {details.offices.map((office) => (
          <li key={office.label}>
            <span className="font-medium">{office.label}</span>
            <address className="not-italic text-muted-foreground">{office.address}</address>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<Icon name="clock" className="size-5" />} heading={page.details.hoursHeading}>
        {details.hours.map((hours) => (
          <li key={hours}>{hours}</li>
        ))}
      </DetailBlock>
    </aside>
  );
}

function DetailBlock({
  icon,
  heading,
  children,
}: {
  icon: React.ReactNode;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{heading}</h3>
        <ul className="mt-1 space-y-1">{children}</ul>
      </div>
    </div>
  );
}
