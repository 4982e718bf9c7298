import { useBasket } from "~/components/site/basket-provider";
import { JobDescription } from "~/components/site/job-description";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { convertPrice, formatPrice } from "~/lib/commerce/currency";
import {
  courseAnchor,
  courseSaving,
  featurePreview,
  formatRating,
  moreTopicsLabel,
  ratingLabel,
  studentCountLabel,
  type CourseSummary,
} from "~/lib/commerce/training";
import { Icon } from "~/components/ui/icon";

/**
 * One course of the catalogue (SPEC.md "Training"): what it costs and what it saves, who teaches
 * it, and Add to Basket. Prices show in the visitor's chosen currency with the basket's rates and
 * rounding, so the card and the basket agree; the server's HTML shows pounds, as the chosen
 * currency is kept in the browser's storage (SPEC.md "userCurrency") and read after hydration.
 */
export function CourseCard({ course }: { course: CourseSummary }) {
  const { addItem, items, hydrated, currency, rates } = useBasket();
  const converted = (pounds: number) => convertPrice(pounds, "GBP", currency, rates);
  const price = (pounds: number) => formatPrice(converted(pounds), currency);
  const inBasket = hydrated && items.some((item) => item.id === course.id);
  const saving = courseSaving(course.price, course.originalPrice);
  const headingId = `${courseAnchor(course.id)}-name`;

  function addToBasket() {
    if (inBasket) {
      // The basket keeps one of each course (SPEC.md section 4), so say so rather than claim an add.
      showToast("info", `${course.name} is already in your basket`);
      return;
    }
    addItem({ id: course.id, name: course.name, price: course.price, baseCurrency: "GBP", emoji: course.emoji });
    showToast("success", `${course.name} added to basket!`);
  }

  return (
    <article
      id={courseAnchor(course.id)}
      aria-labelledby={headingId}
      data-testid="course-card"
      className="flex h-full scroll-mt-20 flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-4">
        {course.emoji ? (
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-md bg-accent text-2xl"
          >
            {course.emoji}
          </span>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Badge tone="blue">{course.level}</Badge>
          <Badge tone="outline" className="gap-1">
            <Icon name="clock" className="size-3.5" />
            {course.duration}
          </Badge>
        </div>
      </div>

      <h3 id={headingId} className="mt-4 text-xl font-semibold">
        {course.name}
      </h3>
      {course.descriptionHtml ? (
        <JobDescription
          html={course.descriptionHtml}
          text={course.description}
          className="mt-2 leading-7 text-muted-foreground"
        />
      ) : (
        <p className="mt-2 leading-7 text-muted-foreground">{course.description}</p>
      )}

      <CourseStats course={course} />
      <CourseTopics course={course} />

      <dl className="mt-4 grid gap-1 text-sm text-muted-foreground">
        {course.instructor ? (
          <div className="flex gap-2">
            <dt className="flex items-center gap-1.5">
              <Icon name="user-round" className="size-4" />
              Instructor:
            </dt>
            <dd className="text-foreground">{course.instructor}</dd>
          </div>
        ) : null}
        {course.lastUpdated ? (
          <div className="flex gap-2">
            <dt>Last updated</dt>
            <dd className="text-foreground">{course.lastUpdated}</dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-auto pt-6">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p className="text-3xl font-bold">
            <span className="sr-only">Price: </span>
            {price(course.price)}
          </p>
          {saving !== null && course.originalPrice !== null ? (
            <>
              <p className="text-muted-foreground">
                <s>
                  <span className="sr-only">Original price: </span>
                  {price(course.originalPrice)}
                </s>
              </p>
              <Badge tone="green">
                Save {formatPrice(converted(course.originalPrice) - converted(course.price), currency)}
              </Badge>
            </>
          ) : null}
        </div>
        <Button
          type="button"
          size="lg"
          className="mt-4 w-full"
          onClick={addToBasket}
          // Named with the course, as every card has one; the name starts with the visible text.
          aria-label={`Add to Basket: ${course.name}`}
          aria-describedby={inBasket ? `${courseAnchor(course.id)}-in-basket` : undefined}
        >
          <Icon name="shopping-basket" />
          Add to Basket
        </Button>
        {/*
          Not a live region: the toast already announces the add. The line is there from the first
          paint (empty until the basket is read) so that it appearing moves nothing.
        */}
        <p
          id={`${courseAnchor(course.id)}-in-basket`}
          className="mt-2 flex min-h-5 items-center justify-center gap-1.5 text-sm font-medium text-green-800 dark:text-green-300"
        >
          {inBasket ? (
            <>
              <Icon name="check" className="size-4" />
              In your basket
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** The rating (when the course has one) and how many have taken it. */
function CourseStats({ course }: { course: CourseSummary }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      {course.rating !== null ? (
        <p className="flex items-center gap-1.5">
          <Icon name="star" className="size-4 fill-amber-400 text-amber-500" />
          {/* The star is decoration; a screen reader hears the rating as a sentence. */}
          <span aria-hidden="true" className="font-semibold">
            {formatRating(course.rating)}
          </span>
          <span className="sr-only">{ratingLabel(course.rating)}</span>
        </p>
      ) : null}
      <p className="flex items-center gap-1.5 text-muted-foreground">
        <Icon name="users" className="size-4" />
        {studentCountLabel(course.students)}
      </p>
    </div>
  );
}

/** The first few topics, and how many more there are. */
function CourseTopics({ course }: { course: CourseSummary }) {
  const { shown, hiddenCount } = featurePreview(course.features);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2 text-sm" aria-label={`Topics of ${course.name}`}>
      {shown.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{feature}</span>
        </li>
      ))}
      {hiddenCount > 0 ? (
        <li className="pl-6 font-medium text-muted-foreground">{moreTopicsLabel(hiddenCount)}</li>
      ) : null}
    </ul>
  );
}
