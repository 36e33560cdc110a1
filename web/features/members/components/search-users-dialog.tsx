import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Search } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { userSearchSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { userSearchQueryOptions, useUserSearchQuery } from "../api";
import { SearchUserResults } from "./search-user-results";

type SearchValues = z.input<typeof userSearchSchema>;
type SearchOutput = z.output<typeof userSearchSchema>;

interface SearchUsersDialogProps {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Search and Add Existing Users': people with an account who are not in this organization yet. */
export function SearchUsersDialog({ organizationId, open, onOpenChange }: SearchUsersDialogProps) {
  const queryClient = useQueryClient();
  const [term, setTerm] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const results = useUserSearchQuery(organizationId, term);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchValues, unknown, SearchOutput>({ resolver: zodResolver(userSearchSchema), defaultValues: { q: "" } });

  // An explicit search always asks the server again; the list then reads the same cache entry.
  async function handleSearch({ q }: SearchOutput) {
    setSearching(true);
    try {
      const users = await queryClient.fetchQuery({ ...userSearchQueryOptions(organizationId, q), staleTime: 0 });
      setTerm(q);
      if (users.length === 0) toast.info("No users found matching your search");
    } catch (error) {
      toast.error("Failed to search users", { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSearching(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Search and Add Existing Users</DialogTitle>
          <DialogDescription>Find colleagues from the other organizations you manage and invite them to this one.</DialogDescription>
        </DialogHeader>
        <form noValidate role="search" onSubmit={handleSubmit(handleSearch)} className="flex items-start gap-2">
          <FormField
            id="user-search"
            label={<span className="sr-only">Search users</span>}
            error={errors.q?.message}
            className="flex-1 gap-0"
          >
            <Input type="search" autoFocus autoComplete="off" placeholder="Search by name or email..." {...register("q")} />
          </FormField>
          <Button type="submit" disabled={searching}>
            {searching ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Search aria-hidden="true" />}
            Search
          </Button>
        </form>
        {term !== null && <SearchUserResults organizationId={organizationId} users={results.data ?? []} />}
      </DialogContent>
    </Dialog>
  );
}
