/**
 * The rows of the CMS Courses tab (routes/cms/courses.tsx): each course with Edit (its editor,
 * /cms/courses/{id}), Activate/Deactivate and Delete.
 */
import { PencilIcon, ToggleLeftIcon, ToggleRightIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/commerce/currency";
import { formatNumber } from "~/lib/text/numbers";

export const COURSES_PATH = "/cms/courses";

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
  /** Pending changes of an active course, kept off the site until Publish. */
  draft?: unknown;
}

/** A price in pounds as the shop shows it: "£1,299", or "£349.99" when it has pence. */
const formatPounds = (amount: number) => formatPrice(amount, "GBP");

/** One course of the Courses tab; without `canEdit` (a read-only role) it has no buttons. */
export function CourseRow({ course, canEdit = true }: { course: CourseRowItem; canEdit?: boolean }) {
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
        {course.draft ? <span className="ml-2 text-xs text-muted-foreground">Unpublished changes</span> : null}
      </td>
      <td className="py-3">{canEdit ? <CourseActions course={course} nextVisibility={nextVisibility} /> : null}</td>
    </tr>
  );
}

function CourseActions({ course, nextVisibility }: { course: CourseRowItem; nextVisibility: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={`${COURSES_PATH}/${course.id}`} aria-label={`Edit ${course.name}`}>
          <PencilIcon aria-hidden="true" />
        </Link>
      </Button>
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
  );
}
