/**
 * The parts of the CMS Courses tab (routes/cms/courses.tsx) around its form: the buttons that open
 * the add or edit form, each course's row, and the in-page panel that holds the form before
 * JavaScript runs. Which form is open lives in the address (`?course=new` or `?course=<id>`).
 */
import { PencilIcon, ToggleLeftIcon, ToggleRightIcon } from "lucide-react";
import type * as React from "react";
import { useId, useSyncExternalStore } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/currency";
import { formatNumber } from "~/lib/format";

export const COURSES_PATH = "/cms/courses";
/** The search parameter naming the open form: "new", or the id of the course being edited. */
export const COURSE_FORM_PARAM = "course";
export const NEW_COURSE = "new";

/** A course as its row shows it. */
export interface CourseRowItem {
  id: string;
  name: string;
  emoji: string | null;
  level: string;
  duration: string;
  price: number;
  originalPrice: number | null;
  students: number;
  isActive: boolean;
}

type OnOpen = (event: React.FormEvent<HTMLFormElement>) => void;

/** A price in pounds as the shop shows it: "£1,299", or "£349.99" when it has pence. */
const formatPounds = (amount: number) => formatPrice(amount, "GBP");

/** False on the server and while the page hydrates, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

function subscribeToNothing() {
  return () => undefined;
}

/**
 * The open form's `?course=` value. While a click on Add or Edit (or a close) is on its way, it is
 * where that navigation goes, so the dialog answers at once rather than after the CMS layout's data
 * has been reloaded.
 */
export function useOpenCourseForm(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const target = navigation.location?.pathname === location.pathname ? navigation.location : location;
  return new URLSearchParams(target.search).get(COURSE_FORM_PARAM);
}

/** A button that opens the add or edit form: a GET form, so it works before JavaScript has loaded. */
export function OpenCourseFormButton({
  value,
  onOpen,
  children,
  ...button
}: {
  value: string;
  onOpen: OnOpen;
  children: React.ReactNode;
} & Pick<React.ComponentProps<typeof Button>, "variant" | "size" | "aria-label">) {
  return (
    <Form method="get" replace preventScrollReset onSubmit={onOpen}>
      <Button type="submit" name={COURSE_FORM_PARAM} value={value} {...button}>
        {children}
      </Button>
    </Form>
  );
}

export function CourseRow({ course, onOpen }: { course: CourseRowItem; onOpen: OnOpen }) {
  const nextVisibility = course.isActive ? "Deactivate" : "Activate";
  return (
    <tr className="border-b align-middle last:border-0">
      <td className="min-w-48 py-3 pr-4 font-medium">
        {course.emoji ? (
          <span aria-hidden="true" className="mr-2">
            {course.emoji}
          </span>
        ) : null}
        {course.name}
      </td>
      <td className="py-3 pr-4">{course.level}</td>
      <td className="py-3 pr-4 whitespace-nowrap">{course.duration}</td>
      <td className="py-3 pr-4 whitespace-nowrap">
        {formatPounds(course.price)}
        {course.originalPrice !== null ? (
          <span className="ml-2 text-xs text-muted-foreground">
            was <s>{formatPounds(course.originalPrice)}</s>
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-4">{formatNumber(course.students)}</td>
      <td className="py-3 pr-4">
        <Badge tone={course.isActive ? "green" : "gray"}>{course.isActive ? "Active" : "Inactive"}</Badge>
      </td>
      <td className="py-3">
        <div className="flex justify-end gap-2">
          <OpenCourseFormButton
            value={course.id}
            onOpen={onOpen}
            variant="outline"
            size="sm"
            aria-label={`Edit ${course.name}`}
          >
            <PencilIcon aria-hidden="true" />
          </OpenCourseFormButton>
          <Form method="post" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="set-active" />
            <input type="hidden" name="id" value={course.id} />
            <input type="hidden" name="isActive" value={course.isActive ? "false" : "true"} />
            <Button type="submit" variant="outline" size="sm" aria-label={`${nextVisibility} ${course.name}`}>
              {course.isActive ? <ToggleLeftIcon aria-hidden="true" /> : <ToggleRightIcon aria-hidden="true" />}
              {nextVisibility}
            </Button>
          </Form>
          <ConfirmForm
            fields={{ intent: "delete", id: course.id }}
            question="Are you sure you want to delete this course?"
            buttonLabel={`Delete ${course.name}`}
          />
        </div>
      </td>
    </tr>
  );
}

/** The form shown in the page itself, for a browser without JavaScript. */
export function InlineFormPanel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-4 rounded-lg border p-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
