/*
 * The 600 most frequent words of the real catalogue's prompts and tool files, most frequent
 * first. Synthetic entries are written from them so that they compress like the real ones.
 */
export const WORDS: readonly string[] = `
the and for with you step one that name from what url each description category are every not
three how where your this list only use then video prompt product time per its page first table
order before who example build tool title image content why app type two text sitemap into day
must short data write current inputs five them icon line site output would role about platform
next check camera after without state code any style plan never days budget add pages colour
change run destination when specific has frame txt can beach words they format all idea customer
background version start markdown design constraints clip action target source report real price
plus light file end than project offline most make already subject service sentence seconds new
manifest least keep give framework files under travel top team say quality other none goal
columns anything venue tools search person full second production own domain checks best audio
area week want such shot review problem dates which script same out main length key have small
show rules notes generated custom social section people more link images call business brand
voice sound size scope risk pricing png options model low facts evidence confidence answer test
self router motion mode lens exactly does details clubs xml visual timeline static single scroll
pwa post needs mark level cost cache block ask work user score routes path negative look include
html follow editing context changes bars urls transport theme tests task tags ski should room
outcome llms hotels criteria value their tasks svg story shows screen route robots restaurants
questions public prompts nothing icons hook high guide generate focus existing effect date
concrete bullets built band api works trip through these steps ratio prices open nightlife move
marketing management know instead including dark canonical available analytics verification
summary stop reference question present need email duration decision customers css bands avoid
aspect web unless set seo read paste off needed music logo host final exists characters audience
word will using users total root right result range points point option number medium lists
lighting label job height hard get four detect component clear captions browser booking book
back across window weeks vite touch success scale runway runs returns place night meta layout
inside google free event detail default could costs competitors close clips cause beat based
apple uses system support serve sections otherwise once now non missing luma like later last
header generator form fill describe dependencies concept competitor changing but apps appears
against stated slow setting position plain numbers note navigation mid message lint legal large
known kling jobs fixed fit favicon explain exact entry draft cut counts checklist chat added
access worker within whether well venues travellers tokens tell still shape season safe
requirements relevant reasonforfailure propose private online models media may local lines
limits language instagram impact headings field features editor color clean city character
channels cards button builds automation astro around accessibility absolute width
whatiuseinstead unknown tracking today tip stay split six sign shared server seasonal risks
results request remove recommendation recipient reader products presenter pieces payments
paragraph opening offer numbered metric maskable makes listed links learning keyword itinerary
island invent install hours history flag feature everything euros estimate engineer eight
durationused conventions config clearly claude assumptions assumption also agents adding veo
values typical true trigger there strategy sora soft served sentences row required repository
react rather rate push primary practice piece performance owner nuxt names months month match
made luxury location likely itself ideas ico honest here generates food face experience exist
events error environment enough empty
`
  .trim()
  .split(/\s+/);
