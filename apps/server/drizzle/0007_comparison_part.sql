ALTER TABLE "comparisons" ADD COLUMN "reference_start_s" real;--> statement-breakpoint
ALTER TABLE "comparisons" ADD COLUMN "reference_end_s" real;--> statement-breakpoint
ALTER TABLE "comparisons" ADD COLUMN "part_label" text;--> statement-breakpoint
ALTER TABLE "comparisons" ADD COLUMN "parent_comparison_id" integer;--> statement-breakpoint
ALTER TABLE "comparisons" ADD CONSTRAINT "comparisons_parent_comparison_id_comparisons_id_fk" FOREIGN KEY ("parent_comparison_id") REFERENCES "public"."comparisons"("id") ON DELETE set null ON UPDATE no action;