<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D0603.M.250.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>Car owners must pay a toll of two dollars to cross the new Harbour Bridge.</line>
  <line>Fireworks closed the opening day.</line>
  <line>Crowds of residents, the report said, walked across the bridge between the port and the old town.</line>
  <line>The project ran two years late.</line>
  <line>The new crossing includes a lane for bicycles on both sides.</line>
  <line>The old ferry service will end next month after the bridge opens.</line>
  <line>The toll, the report said, drew complaints from commuters.</line>
  <line>The trip across the harbour will take only five minutes.</line>
  <line>The new crossing connects the port with the old town.</line>
  <line>The bridge, a spokesman said, is 1.2 kilometres long.</line>
  <line></line>
  <line>---------------</line>
  <line>D0603.M.250.A.B</line>
  <line>---------------</line>
  <line></line>
  <line>Travel time between the port and the old town, the report said, will drop to five minutes.</line>
  <line>The bridge connects the port with the old town.</line>
  <line>Drivers pay a two dollar toll to cross the new Harbour Bridge.</line>
  <line>The project came in at 300 million dollars.</line>
  <line>Thousands of people walked across the bridge on the opening day.</line>
  <line>The bridge has a separate cycle lane on both sides.</line>
  <line>A steel company from Norway, officials said, built the deck.</line>
  <line>Construction took five years.</line>
  <line>A fireworks show closed the opening day.</line>
  <line></line>
  <line>---------------</line>
  <line>D0603.M.250.A.C</line>
  <line>---------------</line>
  <line></line>
  <line>Norwegian engineers made the steel deck.</line>
  <line>The new crossing includes a lane for bicycles between the port and the old town.</line>
  <line>Fireworks ended the celebration.</line>
  <line>The bridge, residents reported, links the port and the old town.</line>
  <line>Mayor Tom Okafor opened the bridge with a ribbon cutting.</line>
  <line>Travel time between the port and the old town will take only five minutes.</line>
  <line>The bridge, a spokesman said, came in at 300 million dollars.</line>
  <line></line>
  <line>---------------</line>
  <line>D0603.M.250.A.E</line>
  <line>---------------</line>
  <line></line>
  <line>A fireworks show ended the celebration.</line>
  <line>The trip across the harbour will drop to five minutes.</line>
  <line>Two builders, the report said, were injured during construction.</line>
  <line>The old ferry service will end next month between the port and the old town.</line>
  <line>The long awaited Harbour Bridge opened to traffic.</line>
  <line>Crowds of residents, residents reported, crossed the bridge on foot between the port and the old town.</line>
 </text>
 <scu uid="1" label="The new Harbour Bridge opened">
  <contributor label="The long awaited Harbour Bridge opened to traffic">
   <part label="The long awaited Harbour Bridge opened to traffic" start="1937" end="1986"/>
  </contributor>
 </scu>
 <scu uid="2" label="The bridge cost 300 million dollars">
  <contributor label="The project came in at 300 million dollars">
   <part label="The  project came in at 300 million dollars" start="892" end="934"/>
  </contributor>
  <contributor label="The bridge...came in at 300 million dollars">
   <part label="The bridge" start="1588" end="1598"/>
   <part label="came in at 300 million dollars" start="1618" end="1648"/>
  </contributor>
 </scu>
 <scu uid="3" label="The bridge links the port and the old town">
  <contributor label="The new crossing connects the port with the old town">
   <part label="The new crossing connects the port with the old town" start="532" end="584"/>
  </contributor>
  <contributor label="The bridge connects the port with the old town">
   <part label="The bridge connects the port with the old town" start="781" end="827"/>
  </contributor>
  <contributor label="The bridge...links the port and the old town">
   <part label="The bridge" start="1390" end="1400"/>
   <part label="links the port and the old town" start="1422" end="1453"/>
  </contributor>
 </scu>
 <scu uid="4" label="Construction took five years">
  <contributor label="Construction took five years">
   <part label="Construction took five years" start="1114" end="1142"/>
  </contributor>
 </scu>
 <scu uid="5" label="The opening was delayed by two years">
  <contributor label="The project ran two years late">
   <part label="The project ran two years late" start="257" end="287"/>
  </contributor>
 </scu>
 <scu uid="6" label="The mayor cut the ribbon">
  <contributor label="Mayor Tom Okafor opened the bridge with a ribbon cutting">
   <part label="Mayor Tom Okafor opened the bridge with a ribbon cutting" start="1455" end="1511"/>
  </contributor>
 </scu>
 <scu uid="7" label="Thousands walked across the bridge">
  <contributor label="Crowds of residents...walked across the bridge between the port and the old town">
   <part label="Crowds of residents" start="159" end="178"/>
   <part label="walked across the bridge between the port and the old town" start="197" end="255"/>
  </contributor>
  <contributor label="Thousands of people walked across the bridge on the opening day">
   <part label="Thousands of people walked across the bridge on the opening day" start="936" end="999"/>
  </contributor>
  <contributor label="Crowds of residents...crossed the bridge on foot between the port and the old town">
   <part label="Crowds of residents" start="1988" end="2007"/>
   <part label="crossed the bridge on foot between the port and the old town" start="2029" end="2089"/>
  </contributor>
 </scu>
 <scu uid="8" label="The bridge has a cycle lane">
  <contributor label="The new crossing includes a lane for bicycles on both sides">
   <part label="The new crossing includes a lane for bicycles on both sides" start="289" end="348"/>
  </contributor>
  <contributor label="The bridge has a separate cycle lane on both sides">
   <part label="The bridge has a separate cycle lane on both sides" start="1001" end="1051"/>
  </contributor>
  <contributor label="The new crossing includes a lane for bicycles between the port and the old town">
   <part label="The new crossing includes a lane for bicycles between the port and the old town" start="1276" end="1355"/>
  </contributor>
 </scu>
 <scu uid="9" label="The ferry service will end">
  <contributor label="The old ferry service will end next month after the bridge opens">
   <part label="The old ferry service will end next month after the bridge opens" start="350" end="414"/>
  </contributor>
  <contributor label="The old ferry service will end next month between the port and the old town">
   <part label="The old ferry service will end next month between the port and the old town" start="1860" end="1935"/>
  </contributor>
 </scu>
 <scu uid="10" label="Drivers must pay a toll">
  <contributor label="Car owners must pay a toll of two dollars to cross the new Harbour Bridge">
   <part label="Car owners must pay a toll of two dollars to cross the new Harbour Bridge" start="50" end="123"/>
  </contributor>
  <contributor label="Drivers pay a two dollar toll to cross the new Harbour Bridge">
   <part label="Drivers pay a two dollar toll to cross the new Harbour Bridge" start="829" end="890"/>
  </contributor>
 </scu>
 <scu uid="11" label="The toll angered commuters">
  <contributor label="The toll...drew complaints from commuters">
   <part label="The toll" start="416" end="424"/>
   <part label="drew complaints from commuters" start="443" end="473"/>
  </contributor>
 </scu>
 <scu uid="12" label="The bridge is 1.2 kilometres long">
  <contributor label="The bridge...is 1.2 kilometres long">
   <part label="The bridge" start="586" end="596"/>
   <part label="is 1.2 kilometres long" start="616" end="638"/>
  </contributor>
 </scu>
 <scu uid="13" label="Two workers were injured during construction">
  <contributor label="Two builders...were injured during construction">
   <part label="Two builders" start="1795" end="1807"/>
   <part label="were injured during construction" start="1826" end="1858"/>
  </contributor>
 </scu>
 <scu uid="14" label="Travel time will drop">
  <contributor label="The trip across the harbour will take only five minutes">
   <part label="The trip across the harbour will take only five minutes" start="475" end="530"/>
  </contributor>
  <contributor label="Travel time between the port and the old town...will drop to five minutes">
   <part label="Travel time between the port and the old town" start="690" end="735"/>
   <part label="will drop to five minutes" start="754" end="779"/>
  </contributor>
  <contributor label="Travel time between the port and the old town will take only five minutes">
   <part label="Travel time between the port and the old town will take only five minutes" start="1513" end="1586"/>
  </contributor>
  <contributor label="The trip across the harbour will drop to five minutes">
   <part label="The trip across the harbour will drop to five minutes" start="1740" end="1793"/>
  </contributor>
 </scu>
 <scu uid="15" label="A steel company from Norway built the deck">
  <contributor label="A steel company from Norway...built the deck">
   <part label="A steel company from Norway" start="1053" end="1080"/>
   <part label="built the deck" start="1098" end="1112"/>
  </contributor>
  <contributor label="Norwegian engineers made the steel deck">
   <part label="Norwegian engineers made the steel deck" start="1235" end="1274"/>
  </contributor>
 </scu>
 <scu uid="16" label="Fireworks ended the celebration">
  <contributor label="Fireworks closed the opening day">
   <part label="Fireworks closed the opening day" start="125" end="157"/>
  </contributor>
  <contributor label="A fireworks show closed the opening day">
   <part label="A fireworks show closed the opening day" start="1144" end="1183"/>
  </contributor>
  <contributor label="Fireworks ended the celebration">
   <part label="Fireworks ended the celebration" start="1357" end="1388"/>
  </contributor>
  <contributor label="A fireworks show ended the celebration">
   <part label="A fireworks show ended the celebration" start="1700" end="1738"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>The city library extended its opening hours.</line>
  <line>Travel time between the port and the old town will take only five minutes.</line>
  <line>The old ferry service will end next month between the port and the old town.</line>
  <line>The football team lost on Saturday.</line>
 </text>
 <peerscu uid="16" label="(4) Fireworks ended the celebration">
 </peerscu>
 <peerscu uid="14" label="(4) Travel time will drop">
  <contributor label="Travel time between the port and the old town will take only five minutes">
   <part label="Travel time between the port and the old town will take only five minutes" start="45" end="118"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(3) The bridge has a cycle lane">
 </peerscu>
 <peerscu uid="3" label="(3) The bridge links the port and the old town">
 </peerscu>
 <peerscu uid="7" label="(3) Thousands walked across the bridge">
 </peerscu>
 <peerscu uid="15" label="(2) A steel company from Norway built the deck">
 </peerscu>
 <peerscu uid="10" label="(2) Drivers must pay a toll">
 </peerscu>
 <peerscu uid="2" label="(2) The bridge cost 300 million dollars">
 </peerscu>
 <peerscu uid="9" label="(2) The ferry service will end">
  <contributor label="The old ferry service will end next month between the port and the old town">
   <part label="The old ferry service will end next month between the port and the old town" start="120" end="195"/>
  </contributor>
 </peerscu>
 <peerscu uid="4" label="(1) Construction took five years">
 </peerscu>
 <peerscu uid="12" label="(1) The bridge is 1.2 kilometres long">
 </peerscu>
 <peerscu uid="6" label="(1) The mayor cut the ribbon">
 </peerscu>
 <peerscu uid="1" label="(1) The new Harbour Bridge opened">
 </peerscu>
 <peerscu uid="5" label="(1) The opening was delayed by two years">
 </peerscu>
 <peerscu uid="11" label="(1) The toll angered commuters">
 </peerscu>
 <peerscu uid="13" label="(1) Two workers were injured during construction">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="The city library extended its opening hours">
   <part label="The city library extended its opening hours" start="0" end="43"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
