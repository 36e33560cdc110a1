import { describe, expect, it } from "vitest";
import { emptyCandidate } from "../cards/candidate.js";
import { promoteExtraLines } from "./promote.js";

// What the reader before the rich contact kept of an iPhone's card beside its few fields.
const STORED = [
  "NICKNAME:Johny",
  "TITLE:Money Counter",
  "TEL;type=WORK;type=VOICE:905-777-1234",
  "item2.TEL:905-222-1234",
  "item2.X-ABLabel:_$!<AssistantPhone>!$_",
  "item4.ADR;type=WORK:;;Street4\\nBuilding 6\\nFloor 8;New York;;12345;USA",
  "item4.X-ABADR:us",
  "item5.URL;type=pref:http\\://www.ibm.com",
  "item5.X-ABLabel:_$!<HomePage>!$_",
  "BDAY;value=date:2012-06-06",
  "NOTE;CHARSET=ISO-8859-1:Zoë's note",
  "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ==",
  "X-SOCIALPROFILE;type=twitter:https://twitter.com/johny",
  "item6.IMPP;X-SERVICE-TYPE=Skype:skype:johny",
  "item6.X-ABLabel:Skype",
  "CATEGORIES:Friends",
].join("\n");

describe("a CardDAV contact's stored extra lines read again", () => {
  it("turns the lines that now have a field into fields, and keeps the others as they were", () => {
    const { candidate, extraLines } = promoteExtraLines(STORED);
    const { photo, ...rest } = candidate;
    expect(rest).toEqual({
      ...emptyCandidate(),
      singles: { nickname: "Johny", job_title: "Money Counter", notes: "Zoë's note" },
      lists: {
        ...emptyCandidate().lists,
        phones: [
          { value: "905-777-1234", type: "work" },
          { value: "905-222-1234", type: "assistant" },
        ],
        addresses: [{ street: "Street4\nBuilding 6\nFloor 8", city: "New York", postal_code: "12345", country: "USA", type: "work" }],
        urls: [{ value: "http://www.ibm.com", type: "homepage" }],
        dates: [{ value: "2012-06-06", type: "birthday" }],
      },
      categories: ["Friends"],
    });
    expect(photo?.mediaType).toBe("image/jpeg");
    expect(extraLines).toEqual([
      "X-SOCIALPROFILE;type=twitter:https://twitter.com/johny",
      "item6.IMPP;X-SERVICE-TYPE=Skype:skype:johny",
      "item6.X-ABLabel:Skype",
      "CATEGORIES:Friends",
    ]);
  });

  it("reads nothing from nothing", () => {
    expect(promoteExtraLines(null)).toEqual({ candidate: emptyCandidate(), extraLines: [] });
    expect(promoteExtraLines("")).toEqual({ candidate: emptyCandidate(), extraLines: [] });
  });

  it("keeps a line that is no property out, and a card's frame out", () => {
    expect(promoteExtraLines("BEGIN:VCARD\nnot a line\nX-A:1\nEND:VCARD")).toEqual({ candidate: emptyCandidate(), extraLines: ["X-A:1"] });
  });
});
