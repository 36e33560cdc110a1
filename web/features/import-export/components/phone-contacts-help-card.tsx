import { Smartphone } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NOT_NATIVE } from "../lib/contact-picker";

/** Devices without the Contact Picker API: how to bring a phone's contacts in through a .vcf file. */
export function PhoneContactsHelpCard() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone aria-hidden="true" className="size-5" />
          Phone Contacts
        </CardTitle>
        <CardDescription>
          {NOT_NATIVE}. On this device, export your phone's contacts as a .vcf file and import it with the vCard card.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
          <li>
            <span className="font-medium">iPhone:</span> on icloud.com open Contacts, select the contacts, then Export vCard.
          </li>
          <li>
            <span className="font-medium">Android:</span> in the Contacts app open Settings (or Fix &amp; manage), then Export to .vcf file.
          </li>
          <li>
            <span className="font-medium">Google Contacts:</span> choose Export, then vCard or Google CSV.
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
